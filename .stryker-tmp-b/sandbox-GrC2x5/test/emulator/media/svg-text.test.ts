// @ts-nocheck
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { svgText } from "../../../emulator/media/svg-text.ts";

/** Runs a synchronous call under a hang guard (milliseconds when linear, seconds when not). */
function withinBudget<T>(run: () => T): T {
  return runInNewContext("run()", { run }, { timeout: 5000 }) as T;
}

describe("svgText", () => {
  it.each([
    ['<svg><text x="1">Buy now</text><title>Ad</title></svg>', "Buy now\nAd"],
    ["<svg><desc>guaranteed</desc><tspan>#1</tspan></svg>", "guaranteed\n#1"],
    ["<svg><rect/></svg>", ""],
  ])("reads the text of %j", (svg, expected) => {
    expect(svgText(svg)).toBe(expected);
  });

  it("finishes on 250 KB of unclosed text elements (no catastrophic backtracking)", () => {
    const svg = `<svg width="800" height="600">${"<text".repeat(50_000)}`;
    expect(withinBudget(() => svgText(svg))).toBe("");
  });
});
