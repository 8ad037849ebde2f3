import { describe, expect, it } from "vitest";
import { findCaseMismatches } from "../../src/action/find-case-mismatches.ts";
import { DEFAULT_FILE_PATTERNS } from "../../src/action/resolve-action-inputs.ts";

const WS = "/workspace";

describe("findCaseMismatches", () => {
  it.each([
    { patterns: ["**/*.txt"], changed: ["media/ad.Txt"], found: ["media/ad.Txt"] },
    {
      patterns: ["media/**/*.mp4"],
      changed: ["media/AD.MP4", "media/b.mp4"],
      found: ["media/AD.MP4"],
    },
    { patterns: ["**/*.txt"], changed: ["media/ad.txt"], found: [] },
    { patterns: ["**/*.bin"], changed: ["media/ad.BIN"], found: [] },
    { patterns: ["**/*.txt", "!media/**"], changed: ["media/ad.Txt"], found: [] },
    { patterns: DEFAULT_FILE_PATTERNS, changed: ["media/ad.Txt", "ad.Mp4"], found: [] },
  ])("findCaseMismatches($patterns, $changed) is $found", ({ patterns, changed, found }) => {
    expect(findCaseMismatches(changed, patterns, WS)).toEqual(found);
  });
});
