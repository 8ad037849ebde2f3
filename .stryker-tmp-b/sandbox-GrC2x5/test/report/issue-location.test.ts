// @ts-nocheck
import { describe, expect, it } from "vitest";
import { issueLocation, issueLocationIn } from "../../src/report/issue-location.ts";

describe("issueLocation", () => {
  it.each([
    [
      { type: "text", page: 1, line: 7, start: 3, end: 9, quote: "guaranteed" },
      { line: 7, quote: "guaranteed" },
    ],
    [{ startLine: 12 }, { line: 12, quote: null }],
    [
      { line: 4, startLine: 9 },
      { line: 4, quote: null },
    ],
    [
      { line: 2, quote: "" },
      { line: 2, quote: null },
    ],
    [{ line: 0 }, null],
    [{ line: -3 }, null],
    [{ line: 1.5 }, null],
    [{ line: "7" }, null],
    [{ type: "media", property: "duration" }, null],
    [{}, null],
    [undefined, null],
  ])("reads %j as %j", (anchor, expected) => {
    expect(issueLocation({ anchor: anchor as Record<string, unknown> | undefined })).toEqual(
      expected,
    );
  });

  it("falls back to a positive startLine when line is not a positive integer", () => {
    expect(issueLocation({ anchor: { line: 0, startLine: 5 } })).toEqual({ line: 5, quote: null });
  });

  it.each([
    ["copy/claims.txt", { line: 7, quote: "x" }],
    ["README.md", { line: 7, quote: "x" }],
    ["docs/brochure.pdf", null],
    ["docs/letter.docx", null],
    ["media/ad.mp4", null],
    ["media/banner.png", null],
    ["tool.exe", null],
  ])("issueLocationIn(%j) keeps a line only for text files", (filename, expected) => {
    expect(issueLocationIn(filename, { anchor: { line: 7, quote: "x" } })).toEqual(expected);
  });
});
