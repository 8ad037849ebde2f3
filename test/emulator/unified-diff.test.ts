import { describe, expect, it } from "vitest";
import { leftSideLines, rightSideLines, unifiedDiff } from "../../emulator/github/unified-diff.ts";

const lines = (n: number) => Array.from({ length: n }, (_, i) => `l${i + 1}`);
const text = (rows: string[]) => `${rows.join("\n")}\n`;
const twoHunks = lines(20)
  .map((l) => (l === "l3" ? "X" : l))
  .filter((l) => l !== "l16");

describe("unifiedDiff", () => {
  // Expected hunks as `diff -U3` writes them (checked against GNU diff).
  it.each([
    [
      "a changed line",
      "A calm line.\n",
      "Cures everything.\n",
      "@@ -1 +1 @@\n-A calm line.\n+Cures everything.",
    ],
    ["a new file", "", "a\nb\n", "@@ -0,0 +1,2 @@\n+a\n+b"],
    ["a removed file", "a\nb\n", "", "@@ -1,2 +0,0 @@\n-a\n-b"],
    [
      "two changes far apart",
      text(lines(20)),
      text(twoHunks),
      [
        "@@ -1,6 +1,6 @@",
        " l1",
        " l2",
        "-l3",
        "+X",
        " l4",
        " l5",
        " l6",
        "@@ -13,7 +13,6 @@",
        " l13",
        " l14",
        " l15",
        "-l16",
        " l17",
        " l18",
        " l19",
      ].join("\n"),
    ],
    ["no change", "same\n", "same\n", ""],
  ])("unifiedDiff of %s", (_name, before, after, patch) => {
    expect(unifiedDiff(before, after).patch).toBe(patch);
  });

  it("rightSideLines and leftSideLines are the lines a hunk shows of the new and the old file", () => {
    const { patch } = unifiedDiff(text(lines(20)), text(twoHunks));
    expect([...rightSideLines(patch)]).toEqual([1, 2, 3, 4, 5, 6, 13, 14, 15, 16, 17, 18]);
    expect([...leftSideLines(patch)]).toEqual([1, 2, 3, 4, 5, 6, 13, 14, 15, 16, 17, 18, 19]);
  });
});
