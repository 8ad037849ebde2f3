// @ts-nocheck
import { describe, expect, it } from "vitest";
import { matchesContentType } from "../../../emulator/media/sniff-content-type.ts";
import { makeMp4, makePng, makeWav } from "../../fixtures/media/make-media.ts";

describe("matchesContentType", () => {
  it.each([
    ["video/mp4", makeMp4(1), true],
    ["video/quicktime", makeMp4(1, "qt  "), true],
    ["audio/wav", makeWav(0.1), true],
    ["audio/x-wav", makeWav(0.1), true],
    ["image/png", makePng(2, 2), true],
    ["image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0]), true],
    ["image/gif", Buffer.from("GIF89a"), true],
    ["application/pdf", Buffer.from("%PDF-1.7\n"), true],
    ["image/svg+xml", Buffer.from('<?xml version="1.0"?><svg width="1"></svg>'), true],
    ["text/plain", Buffer.from("hello"), true],
    ["image/png", Buffer.from("hello"), false],
    ["video/mp4", makePng(2, 2), false],
    ["text/plain", Buffer.from([0, 1, 2]), false],
    ["application/pdf", Buffer.from("hello"), false],
    ["application/x-unknown", Buffer.from("hello"), false],
  ])("%s for the given bytes is %s", (type, bytes, expected) => {
    expect(matchesContentType(type, bytes)).toBe(expected);
  });
});
