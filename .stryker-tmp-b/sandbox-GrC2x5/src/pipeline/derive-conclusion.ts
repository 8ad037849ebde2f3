// @ts-nocheck
import {
  CONCLUSION_BY_STATUS,
  type FailOn,
  meetsThreshold,
  type ReviewConclusion,
  type ReviewStatus,
} from "../policy/index.ts";
import type { AssetReview, SkippedFile, SkipReason } from "./review-outcome.ts";

/**
 * Skip reasons that mean the service, not the file, was at fault: such a file was never reviewed,
 * so the run cannot pass (a file of an unsupported type, by contrast, is simply not reviewable).
 */
export const SERVICE_SKIP_REASONS: ReadonlySet<SkipReason> = new Set(["upload-failed"]);

/**
 * `failure` when any issue is at or above `failOn`, or any asset failed for good (or its results
 * could not be read), or a file could not be uploaded because the service failed; otherwise
 * `success` (issue 4, flow step 6).
 */
export function deriveConclusion(
  status: ReviewStatus,
  assets: readonly AssetReview[],
  failOn: FailOn,
  skipped: readonly SkippedFile[] = [],
): ReviewConclusion {
  const unreviewed = skipped.some((s) => SERVICE_SKIP_REASONS.has(s.reason));
  if (status === "nothing-to-review" && unreviewed) return "failure";
  if (status !== "completed") return CONCLUSION_BY_STATUS[status];
  if (unreviewed) return "failure";
  for (const asset of assets) {
    if (asset.status === "failed" || asset.resultsError !== null) return "failure";
    if (asset.issues.some((issue) => meetsThreshold(issue.severity, failOn))) return "failure";
  }
  return "success";
}
