import type { Issue } from "../api/index.ts";
import {
  CONCLUSION_BY_STATUS,
  type FailOn,
  meetsThreshold,
  plural,
  type ReviewConclusion,
  type ReviewStatus,
} from "../policy/index.ts";
import type { AssetReview, SkippedFile, SkipReason } from "./review-outcome.ts";

/**
 * Skip reasons that mean the service, not the file, was at fault: such a file was never reviewed,
 * so the run cannot pass (a file of an unsupported type, by contrast, is simply not reviewable).
 */
export const SERVICE_SKIP_REASONS: ReadonlySet<SkipReason> = new Set(["upload-failed"]);

/** True when people accepted the issue of this asset (issue 32): it never fails a run. */
export function isAccepted(asset: Pick<AssetReview, "accepted">, issue: Issue): boolean {
  return asset.accepted?.has(issue.id) === true;
}

/** The asset's issues at or above `failOn` that nobody accepted: what fails a run. */
export function blockingIssues(
  asset: Pick<AssetReview, "accepted" | "issues">,
  failOn: FailOn,
): Issue[] {
  return asset.issues.filter((i) => meetsThreshold(i.severity, failOn) && !isAccepted(asset, i));
}

/**
 * `failure` when any issue nobody accepted is at or above `failOn`, or any asset failed for good
 * (or its results could not be read), or a file could not be uploaded because the service failed;
 * otherwise `success` (issue 4, flow step 6; issue 32).
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
    if (blockingIssues(asset, failOn).length > 0) return "failure";
  }
  return "success";
}

/** Why a completed run passed or failed, in one sentence; accepted issues are said apart. */
export function completedReason(assets: readonly AssetReview[], failOn: FailOn): string {
  const failed = assets.filter((a) => a.status === "failed" || a.resultsError !== null).length;
  const blocking = assets.reduce((n, a) => n + blockingIssues(a, failOn).length, 0);
  const accepted = assets.reduce((n, a) => n + (a.accepted?.size ?? 0), 0);
  const acceptedNote = accepted > 0 ? ` ${plural(accepted, "accepted issue")} not counted.` : "";
  const parts: string[] = [];
  if (blocking > 0)
    parts.push(`${blocking} ${blocking === 1 ? "issue" : "issues"} at or above ${failOn}`);
  if (failed > 0) parts.push(`${failed} ${failed === 1 ? "file" : "files"} could not be reviewed`);
  if (parts.length > 0) return `Review failed: ${parts.join(" and ")}.${acceptedNote}`;
  const reused = assets.filter((a) => a.reused !== null).length;
  const files = `${plural(assets.length, "file")}${reused > 0 ? ` (${reused} unchanged since their last review)` : ""}`;
  return failOn === "never"
    ? `Reviewed ${files}; fail-on is never.${acceptedNote}`
    : `Reviewed ${files}: no issues at or above ${failOn}.${acceptedNote}`;
}
