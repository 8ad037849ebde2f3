// @ts-nocheck
import type { Issue } from "../../src/api/index.ts";
import {
  type AssetReview,
  outcomeWithoutReview,
  type ReviewOutcome,
} from "../../src/pipeline/index.ts";
import { countBySeverity } from "../../src/policy/index.ts";

/** An issue with every text field set to `text`, for sanitizer and truncation tests. */
export function issueWith(
  id: string,
  severity: string,
  text: string,
  extra: Partial<Issue> = {},
): Issue {
  return {
    id,
    assetId: "asset",
    summary: text,
    severity,
    ruleCode: `RULE_${severity.toUpperCase()}`,
    details: text,
    severityReasoning: text,
    severityReasoningHeadline: "Headline",
    precedents: [
      {
        url: "https://precedents.example.com/a",
        title: text,
        decision: "upheld",
        date: "2024-01-01",
      },
    ],
    ...extra,
  };
}

/** A completed asset review holding `issues` as orphans. */
export function assetWith(
  path: string,
  issues: Issue[],
  extra: Partial<AssetReview> = {},
): AssetReview {
  return {
    file: { path: `/runner/work/${path}`, displayPath: path },
    assetId: `id-${path}`,
    blobPath: `id-${path}/${path}`,
    filename: path,
    status: "complete",
    failure: null,
    retries: 0,
    versionNumber: 1,
    processingSeconds: null,
    topics: [],
    orphanIssues: issues,
    issues,
    counts: countBySeverity(issues),
    diff: null,
    resultsError: null,
    reused: null,
    ...extra,
  };
}

/** Issues with one entry per severity given, ids and rule codes numbered. */
export function issuesOf(
  severities: readonly string[],
  assetId = "a",
  summary = (i: number) => `summary ${i}`,
): Issue[] {
  return severities.map((severity, i) => ({
    id: `${assetId}-${i}`,
    assetId,
    summary: summary(i),
    severity,
    ruleCode: `RULE_${i}`,
  }));
}

/** An outcome with every field filled: a completed, successful run unless `partial` says otherwise. */
export function outcomeOf(partial: Partial<ReviewOutcome>): ReviewOutcome {
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
    record: null,
    ...partial,
  };
}

/** A completed outcome over `assets`. */
export function outcomeWith(
  assets: AssetReview[],
  conclusion: ReviewOutcome["conclusion"] = "failure",
): ReviewOutcome {
  const base = outcomeWithoutReview({ status: "error", reason: "Review failed: something." });
  const counts = countBySeverity(assets.flatMap((a) => a.issues));
  return {
    ...base,
    status: "completed",
    conclusion,
    error: null,
    submissionId: "5a786613-ef78-47d5-a880-55e6df6a0923",
    submissionStatus: "complete",
    assets,
    counts,
    issueCount: assets.reduce((n, a) => n + a.issues.length, 0),
  };
}
