import { describe, expect, it } from "vitest";
import { formatCount } from "../../src/shared/format-count.ts";

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1_000, "1,000"],
    [3_000, "3,000"],
    [65_535, "65,535"],
    [100_000, "100,000"],
    [1_234_567, "1,234,567"],
    [-4_096, "-4,096"],
  ])("formatCount(%i) is %s", (count, text) => {
    expect(formatCount(count)).toBe(text);
  });

  it("formatCount gives toLocaleString('en-US')'s text for whole counts of every length", () => {
    for (let count = 1; count < 1e15; count = count * 7 + 3)
      expect(formatCount(count)).toBe(count.toLocaleString("en-US"));
  });
});
