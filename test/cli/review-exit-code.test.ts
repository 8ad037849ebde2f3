import { describe, expect, it } from "vitest";
import { ConfigurationError, DomainError } from "../../src/api/index.ts";
import { EXIT_CODES, reviewExitCode } from "../../src/cli/index.ts";
import type { AssetReview, ReviewOutcome } from "../../src/pipeline/index.ts";
import { countBySeverity } from "../../src/report/index.ts";

function asset(severities: string[], failed = false): AssetReview {
  const issues = severities.map((severity, i) => ({
    id: `i${i}`,
    assetId: "a",
    summary: "s",
    severity,
  }));
  return {
    file: { path: "a.txt", displayPath: "a.txt" },
    assetId: "a",
    blobPath: "a/a.txt",
    filename: "a.txt",
    status: failed ? "failed" : "complete",
    failure: null,
    retries: 0,
    versionNumber: 1,
    topics: [],
    orphanIssues: issues,
    issues,
    counts: countBySeverity(issues),
    diff: null,
    resultsError: null,
  };
}

function outcome(partial: Partial<ReviewOutcome>): ReviewOutcome {
  const assets = partial.assets ?? [];
  return {
    status: "completed",
    conclusion: "success",
    reason: "",
    environment: "live",
    failOn: "major",
    maxCredits: null,
    submissionId: null,
    submissionStatus: null,
    skipped: [],
    uploaded: [],
    estimate: null,
    assets,
    counts: countBySeverity([]),
    issueCount: 0,
    failedAssetCount: assets.filter((a) => a.status === "failed").length,
    error: null,
    lastSubmission: null,
    ...partial,
  };
}

describe("reviewExitCode", () => {
  it.each([
    ["no issues", outcome({ assets: [asset([])] }), EXIT_CODES.ok],
    ["issues below --fail-on", outcome({ assets: [asset(["minor", "info"])] }), EXIT_CODES.ok],
    [
      "an issue at --fail-on",
      outcome({ assets: [asset(["minor", "major"])] }),
      EXIT_CODES.findings,
    ],
    ["an unknown severity never fails", outcome({ assets: [asset(["weird"])] }), EXIT_CODES.ok],
    ["a failed asset", outcome({ assets: [asset([], true)] }), EXIT_CODES.service],
    [
      "findings win over a failed asset",
      outcome({ assets: [asset(["critical"]), asset([], true)] }),
      EXIT_CODES.findings,
    ],
    ["budget exceeded", outcome({ status: "budget-exceeded" }), EXIT_CODES.budget],
    ["timed out", outcome({ status: "timed-out" }), EXIT_CODES.service],
    ["cancelled", outcome({ status: "cancelled" }), EXIT_CODES.interrupted],
    ["submitted without waiting", outcome({ status: "submitted-no-wait" }), EXIT_CODES.ok],
    ["nothing to review", outcome({ status: "nothing-to-review" }), EXIT_CODES.usage],
    [
      "a service error",
      outcome({
        status: "error",
        error: {
          name: "DomainError",
          message: "x",
          cause: new DomainError("x", {
            status: 400,
            operation: "createSubmission",
            body: { detail: "x" },
          }),
        },
      }),
      EXIT_CODES.service,
    ],
    [
      "a configuration error",
      outcome({
        status: "error",
        error: {
          name: "ConfigurationError",
          message: "x",
          cause: new ConfigurationError("x", { input: "f" }),
        },
      }),
      EXIT_CODES.usage,
    ],
  ])("%s exits %i", (_name, value, code) => {
    expect(reviewExitCode(value)).toBe(code);
  });
});
