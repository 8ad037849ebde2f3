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

/**
 * Skip reasons that fail a run: a file the patterns chose was left unreviewed, so a gate that
 * passed would pass content nobody saw (a link, a file over its category's limit, one missing
 * from the head's tree or unreadable, or an upload the service failed). Only a file with nothing
 * the service could review passes by: an empty one, one of an unsupported type, or, in the
 * sandbox, one without a marker (a sandbox key never reviews it).
 */
export const BLOCKING_SKIP_REASONS: ReadonlySet<SkipReason> = new Set<SkipReason>([
  "upload-failed",
  "symlink",
  "too-large",
  "not-a-file",
  "unreadable",
]);

/** The skipped files that fail the run (see {@link BLOCKING_SKIP_REASONS}). */
export function blockingSkips(skipped: readonly SkippedFile[]): SkippedFile[] {
  return skipped.filter((s) => BLOCKING_SKIP_REASONS.has(s.reason));
}

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
 * (or its results could not be read), or a matching file was skipped for a reason that blocks
 * ({@link BLOCKING_SKIP_REASONS}); otherwise `success` (issue 4, flow step 6; issue 32).
 */
export function deriveConclusion(
  status: ReviewStatus,
  assets: readonly AssetReview[],
  failOn: FailOn,
  skipped: readonly SkippedFile[] = [],
): ReviewConclusion {
  const unreviewed = blockingSkips(skipped).length > 0;
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
export function completedReason(
  assets: readonly AssetReview[],
  failOn: FailOn,
  skipped: readonly SkippedFile[] = [],
): string {
  const failed = assets.filter((a) => a.status === "failed" || a.resultsError !== null).length;
  const unreviewed = blockingSkips(skipped).map((s) => s.file.displayPath);
  const blocking = assets.reduce((n, a) => n + blockingIssues(a, failOn).length, 0);
  const accepted = assets.reduce((n, a) => n + (a.accepted?.size ?? 0), 0);
  const acceptedNote = accepted > 0 ? ` ${plural(accepted, "accepted issue")} not counted.` : "";
  const parts: string[] = [];
  if (blocking > 0)
    parts.push(`${blocking} ${blocking === 1 ? "issue" : "issues"} at or above ${failOn}`);
  if (failed > 0) parts.push(`${failed} ${failed === 1 ? "file" : "files"} could not be reviewed`);
  if (unreviewed.length > 0)
    parts.push(
      `${plural(unreviewed.length, "matching file")} skipped before review (${unreviewed.join(", ")}; see the skipped files for what to do)`,
    );
  if (parts.length > 0) return `Review failed: ${parts.join(" and ")}.${acceptedNote}`;
  const reused = assets.filter((a) => a.reused !== null).length;
  const files = `${plural(assets.length, "file")}${reused > 0 ? ` (${reused} unchanged since their last review)` : ""}`;
  return failOn === "never"
    ? `Reviewed ${files}; fail-on is never.${acceptedNote}`
    : `Reviewed ${files}: no issues at or above ${failOn}.${acceptedNote}`;
}
