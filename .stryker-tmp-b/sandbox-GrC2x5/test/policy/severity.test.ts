// @ts-nocheck
import { describe, expect, it } from "vitest";
import {
  bySeverity,
  countBySeverity,
  meetsThreshold,
  severityRank,
} from "../../src/policy/index.ts";

describe("severity", () => {
  it.each([
    ["critical", "critical", true],
    ["major", "critical", false],
    ["critical", "major", true],
    ["major", "major", true],
    ["minor", "major", false],
    ["info", "info", true],
    ["unknown-level", "info", false],
    ["critical", "never", false],
    ["CRITICAL", "critical", true],
  ] as const)("meetsThreshold(%s, fail-on %s) is %s", (severity, failOn, expected) => {
    expect(meetsThreshold(severity, failOn)).toBe(expected);
  });

  it("countBySeverity counts known severities and the rest as other", () => {
    const counts = countBySeverity([
      { severity: "critical" },
      { severity: "major" },
      { severity: "major" },
      { severity: "odd" },
    ]);
    expect(counts).toEqual({ critical: 1, major: 2, minor: 0, info: 0, other: 1 });
  });

  it("bySeverity sorts most severe first, unknown last", () => {
    const sorted = ["info", "odd", "critical", "minor", "major"]
      .map((severity) => ({ severity }))
      .sort(bySeverity);
    expect(sorted.map((s) => s.severity)).toEqual(["critical", "major", "minor", "info", "odd"]);
    expect(severityRank("odd")).toBe(4);
  });
});
