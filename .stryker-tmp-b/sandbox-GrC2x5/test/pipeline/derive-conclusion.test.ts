// @ts-nocheck
import { describe, expect, it } from "vitest";
import { type AssetReview, deriveConclusion } from "../../src/pipeline/index.ts";
import { assetWith, issuesOf } from "../report/outcome-fixture.ts";

function asset(severities: string[], status: "complete" | "failed" = "complete"): AssetReview {
  return assetWith("x", issuesOf(severities), {
    file: { path: "/x", displayPath: "x" },
    assetId: "a",
    blobPath: "a/x",
    status,
  });
}

describe("deriveConclusion", () => {
  it.each([
    [["critical"], "critical", "failure"],
    [["major"], "critical", "success"],
    [["major"], "major", "failure"],
    [["info"], "minor", "success"],
    [["info"], "info", "failure"],
    [["critical"], "never", "success"],
    [["unknown-severity"], "info", "success"],
    [[], "info", "success"],
  ] as const)(
    "deriveConclusion of issues %j with fail-on %s is %s",
    (severities, failOn, expected) => {
      expect(deriveConclusion("completed", [asset([...severities])], failOn)).toBe(expected);
    },
  );

  it("deriveConclusion fails on a failed asset even with fail-on never", () => {
    expect(deriveConclusion("completed", [asset([], "failed")], "never")).toBe("failure");
  });

  it.each([
    ["budget-exceeded", "action_required"],
    ["timed-out", "timed_out"],
    ["cancelled", "cancelled"],
    ["submitted-no-wait", "pending"],
    ["nothing-to-review", "skipped"],
    ["error", "failure"],
  ] as const)("deriveConclusion of status %s is %s", (status, expected) => {
    expect(deriveConclusion(status, [], "critical")).toBe(expected);
  });

  it.each([
    ["upload-failed", "completed", "failure"],
    ["upload-failed", "nothing-to-review", "failure"],
    ["unsupported-type", "completed", "success"],
    ["too-large", "nothing-to-review", "skipped"],
  ] as const)(
    "deriveConclusion with a file skipped for %s and status %s is %s",
    (reason, status, expected) => {
      const skipped = [{ file: { path: "/y", displayPath: "y" }, reason, message: "m" }];
      const assets = status === "completed" ? [asset([])] : [];
      expect(deriveConclusion(status, assets, "critical", skipped)).toBe(expected);
    },
  );
});
