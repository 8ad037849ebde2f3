import { describe, expect, it } from "vitest";
import { type AssetReview, completedReason, deriveConclusion } from "../../src/pipeline/index.ts";
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
    ["unsupported-type", "nothing-to-review", "skipped"],
    ["empty", "completed", "success"],
    ["empty", "nothing-to-review", "skipped"],
    ["no-sandbox-marker", "nothing-to-review", "skipped"],
    ["too-large", "nothing-to-review", "failure"],
    ["too-large", "completed", "failure"],
    ["symlink", "completed", "failure"],
    ["symlink", "nothing-to-review", "failure"],
    ["not-a-file", "completed", "failure"],
    ["not-a-file", "nothing-to-review", "failure"],
    ["unreadable", "completed", "failure"],
  ] as const)(
    "deriveConclusion with a file skipped for %s and status %s is %s",
    (reason, status, expected) => {
      const skipped = [{ file: { path: "/y", displayPath: "y" }, reason, message: "m" }];
      const assets = status === "completed" ? [asset([])] : [];
      expect(deriveConclusion(status, assets, "critical", skipped)).toBe(expected);
    },
  );

  it("completedReason names the matching files skipped before review", () => {
    const skipped = [
      {
        file: { path: "/m/ad.png", displayPath: "media/ad.png" },
        reason: "too-large",
        message: "m",
      },
      {
        file: { path: "/m/a.bin", displayPath: "media/a.bin" },
        reason: "unsupported-type",
        message: "m",
      },
    ] as const;
    expect(completedReason([asset([])], "critical", skipped)).toBe(
      "Review failed: 1 matching file skipped before review (media/ad.png; see the skipped files for what to do).",
    );
  });
});
