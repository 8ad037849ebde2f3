// @ts-nocheck
import { describe, expect, it } from "vitest";
import {
  missingMarkerDetail,
  sandboxOutcomeOf,
  worstOutcome,
} from "../../../emulator/review/sandbox-outcomes.ts";

describe("sandbox outcomes", () => {
  it.each([
    ["a__sandbox_pass__.mp4", "pass"],
    ["a__sandbox_retryable_error__.mp4", "retryable_error"],
    ["a__sandbox_error__.mp4", "error"],
    ["a.mp4", undefined],
  ])("sandboxOutcomeOf(%s) is %s", (name, outcome) => {
    expect(sandboxOutcomeOf(name)).toBe(outcome);
  });

  it.each([
    [["pass", "error"], "error"],
    [["pending", "pass"], "pass"],
    [["advisory", "fail"], "fail"],
    [["retryable_error", "fail"], "retryable_error"],
    [["pending"], "pending"],
  ] as const)("worstOutcome(%j) is %s", (outcomes, worst) => {
    expect(worstOutcome(outcomes)).toBe(worst);
  });

  it("missingMarkerDetail names the file", () => {
    expect(missingMarkerDetail("x.mp4")).toContain('"x.mp4"');
  });
});
