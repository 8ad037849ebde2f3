import { type FailOn, meetsThreshold } from "../report/severity.ts";
import type { AssetReview, ReviewConclusion, ReviewStatus } from "./review-outcome.ts";

/** Conclusion of each way a run can end, except `completed`, which depends on the findings. */
export const CONCLUSION_BY_STATUS: Readonly<
  Record<Exclude<ReviewStatus, "completed">, ReviewConclusion>
> = Object.freeze({
  // Nothing was reviewed, so nothing passed or failed; the report says why.
  "budget-exceeded": "neutral",
  "timed-out": "timed_out",
  cancelled: "cancelled",
  "submitted-no-wait": "pending",
  "nothing-to-review": "skipped",
  error: "failure",
});

/**
 * `failure` when any issue is at or above `failOn`, or any asset failed for good (or its results
 * could not be read); otherwise `success` (issue 4, flow step 6).
 */
export function deriveConclusion(
  status: ReviewStatus,
  assets: readonly AssetReview[],
  failOn: FailOn,
): ReviewConclusion {
  if (status !== "completed") return CONCLUSION_BY_STATUS[status];
  for (const asset of assets) {
    if (asset.status === "failed" || asset.resultsError !== null) return "failure";
    if (asset.issues.some((issue) => meetsThreshold(issue.severity, failOn))) return "failure";
  }
  return "success";
}
