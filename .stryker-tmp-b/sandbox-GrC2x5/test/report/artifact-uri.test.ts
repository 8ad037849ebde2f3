// @ts-nocheck
import { describe, expect, it } from "vitest";
import { artifactUri } from "../../src/report/artifact-uri.ts";

describe("artifactUri", () => {
  it.each([
    ["media/ad.mp4", "media/ad.mp4"],
    ["media/a b#1%.png", "media/a%20b%231%25.png"],
    ["copy/ü.txt", "copy/%C3%BC.txt"],
    ["weird:name.txt", "weird%3Aname.txt"],
    ["../outside/x.txt", "../outside/x.txt"],
    ["/home/me/x y.txt", "file:///home/me/x%20y.txt"],
    ["C:\\work\\x.txt", "file:///C:/work/x.txt"],
  ])("artifactUri(%j) is %j", (path, uri) => {
    expect(artifactUri(path)).toBe(uri);
    // Every result is a valid URI reference that decodes back to the path.
    expect(URL.canParse(uri, "file:///root/")).toBe(true);
    if (!uri.startsWith("file:")) expect(decodeURIComponent(uri)).toBe(path);
  });
});
