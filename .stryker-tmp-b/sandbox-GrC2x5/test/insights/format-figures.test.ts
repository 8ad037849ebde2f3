// @ts-nocheck
import { describe, expect, it } from "vitest";
import { formatPercent, formatSeconds } from "../../src/insights/index.ts";

describe("formatSeconds", () => {
  it.each([
    [0, "0 s"],
    [0.04, "0 s"],
    [12.34, "12.3 s"],
    [59.96, "1 min"],
    [60, "1 min"],
    [125, "2 min 5 s"],
    // Rounding must carry into the larger unit, never show "60 s" or "60 min".
    [1799.9, "30 min"],
    [3599.6, "1 h"],
    [5400, "1 h 30 min"],
    [7199.9, "2 h"],
    [86_399, "1 d"],
    [90_000, "1 d 1 h"],
    [-5, "0 s"],
  ])("formatSeconds(%d) is %j", (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });
});

describe("formatPercent", () => {
  it.each([
    [0, "0%"],
    [2 / 3, "66.7%"],
    [1, "100%"],
  ])("formatPercent(%d) is %j", (rate, text) => {
    expect(formatPercent(rate)).toBe(text);
  });
});
