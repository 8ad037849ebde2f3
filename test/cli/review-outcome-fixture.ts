/** Small builders of review outcomes, for the exit-code and text-report tests. */
import type {
  AssetReview,
  ReviewOutcome,
  SkippedFile,
  SkipReason,
} from "../../src/pipeline/index.ts";
import { countBySeverity } from "../../src/report/index.ts";

/** A reviewed asset with one issue per severity given; `failed` makes it a failed asset. */
export function asset(severities: string[], failed = false, name = "a.txt"): AssetReview {
  const issues = severities.map((severity, i) => ({
    id: `i${i}`,
    assetId: "a",
    summary: `summary ${i}`,
    severity,
    ruleCode: `RULE_${i}`,
  }));
  return {
    file: { path: name, displayPath: name },
    assetId: "a",
    blobPath: `a/${name}`,
    filename: name,
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

/** A file left out before submission. */
export function skipped(name: string, reason: SkipReason): SkippedFile {
  return { file: { path: name, displayPath: name }, reason, message: `${name}: ${reason}` };
}

/** A completed outcome unless `partial` says otherwise; totals follow the assets. */
export function outcome(partial: Partial<ReviewOutcome>): ReviewOutcome {
  const assets = partial.assets ?? [];
  const issues = assets.flatMap((a) => a.issues);
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
    counts: countBySeverity(issues),
    issueCount: issues.length,
    failedAssetCount: assets.filter((a) => a.status === "failed").length,
    error: null,
    lastSubmission: null,
    ...partial,
  };
}
