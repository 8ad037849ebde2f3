import { describe, expect, it } from "vitest";
import { commentableLines } from "../../../src/action/review-comments/commentable-lines.ts";

describe("commentableLines", () => {
  it.each([
    ["no patch (a binary file)", undefined, []],
    ["an added file", "@@ -0,0 +1,3 @@\n+one\n+two\n+three", [1, 2, 3]],
    [
      "context and added lines, not removed ones",
      "@@ -10,4 +10,4 @@ heading\n ten\n-eleven\n+eleven, new\n twelve\n thirteen",
      [10, 11, 12, 13],
    ],
    [
      "two hunks, each from its own start",
      "@@ -1,2 +1,2 @@\n-a\n+A\n b\n@@ -40,1 +40,2 @@\n forty\n+forty-one",
      [1, 2, 40, 41],
    ],
    [
      "a hunk header without counts, and no newline at the end",
      "@@ -3 +3 @@\n-x\n+y\n\\ No newline at end of file",
      [3],
    ],
  ])("commentableLines reads %s", (_name, patch, lines) => {
    expect([...commentableLines(patch)].sort((a, b) => a - b)).toEqual(lines);
  });
});
