import type { Issue } from "../../src/api/index.ts";
import {
  type AssetReview,
  outcomeWithoutReview,
  type ReviewOutcome,
} from "../../src/pipeline/index.ts";
import { countBySeverity } from "../../src/report/index.ts";

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
    topics: [],
    orphanIssues: issues,
    issues,
    counts: countBySeverity(issues),
    diff: null,
    resultsError: null,
    ...extra,
  };
}

/** A completed outcome over `assets`. */
export function outcomeWith(
  assets: AssetReview[],
  conclusion: ReviewOutcome["conclusion"] = "failure",
): ReviewOutcome {
  const base = outcomeWithoutReview({ status: "error", reason: "Review failed: something." });
  const counts = assets.reduce((c, a) => {
    for (const issue of a.issues) {
      const k = (
        ["critical", "major", "minor", "info"].includes(issue.severity) ? issue.severity : "other"
      ) as keyof typeof c;
      c[k] += 1;
    }
    return c;
  }, countBySeverity([]));
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
