import { addSeverityCounts, countBySeverity, type ReviewStatus } from "../policy/index.ts";
import { applyAcceptance } from "./apply-acceptance.ts";
import { completedReason, deriveConclusion } from "./derive-conclusion.ts";
import type { PipelineProgress } from "./pipeline-progress.ts";
import type { ResolvedPipelineOptions } from "./resolve-pipeline-options.ts";
import type { ReviewOutcome, UploadedAsset } from "./review-outcome.ts";
import { nextReviewRecord } from "./review-record.ts";

/** The outcome of a run, from what it did before it ended with `status`. */
export function buildOutcome(
  options: ResolvedPipelineOptions,
  progress: PipelineProgress,
  status: ReviewStatus,
  reason: string,
  error: unknown,
): ReviewOutcome {
  // Reused and fresh reviews together, in the order the files were given.
  const order = new Map(options.files.map((f, i) => [f, i]));
  const { assets, acceptance } = applyAcceptance(
    [...progress.reused, ...progress.assets].sort(
      (a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0),
    ),
    options.accepted,
  );
  const { failOn } = options;
  const counts = assets.reduce((sum, a) => addSeverityCounts(sum, a.counts), countBySeverity([]));
  const issueCount = assets.reduce((n, a) => n + a.issues.length, 0);
  const failedAssetCount = assets.filter(
    (a) => a.status === "failed" || a.resultsError !== null,
  ).length;
  const submission = progress.lastSubmission;
  const conclusion = deriveConclusion(status, assets, failOn, progress.skipped);
  return {
    status,
    conclusion,
    reason: options.client.redact(
      status === "completed" ? completedReason(assets, failOn, progress.skipped) : reason,
    ),
    environment: options.client.environment,
    failOn,
    maxCredits: options.maxCredits ?? null,
    submissionId: progress.submissionId,
    submissionStatus: submission?.status ?? null,
    skipped: progress.skipped,
    uploaded: progress.uploaded,
    estimate: progress.estimate,
    assets,
    counts,
    issueCount,
    failedAssetCount,
    error:
      error === undefined
        ? null
        : {
            name: (error as Error).name ?? "Error",
            message: options.client.redact((error as Error).message ?? String(error)),
            cause: error,
          },
    lastSubmission: submission,
    acceptance,
    record:
      options.incremental === undefined
        ? null
        : nextReviewRecord(
            progress.carried,
            {
              assets,
              submissionId: progress.submissionId,
              estimate: progress.estimate,
              polledComplete: polledComplete(progress),
            },
            {
              identity: options.incremental.identity,
              sidekickIds: options.sidekickIds,
              reviewedIn: options.incremental.reviewedIn,
              reviewedAt: new Date(options.client.timing.now()).toISOString(),
            },
          ),
  };
}

/**
 * The uploads whose reviews the last poll saw complete and whose results this run did not read
 * (it was cancelled or timed out while waiting): paid for, so kept in the record.
 */
function polledComplete(progress: PipelineProgress): UploadedAsset[] {
  const read = new Set(progress.assets.map((a) => a.assetId));
  const complete = new Set(
    (progress.lastSubmission?.assets ?? [])
      .filter((a) => a.status === "complete")
      .map((a) => a.assetId),
  );
  return progress.uploaded.filter((u) => complete.has(u.assetId) && !read.has(u.assetId));
}
