import { plural, type ReviewStatus } from "../policy/index.ts";
import { buildOutcome } from "./build-outcome.ts";
import { estimateUploads } from "./estimate-uploads.ts";
import { fetchAssetResults } from "./fetch-asset-results.ts";
import { startProgress } from "./pipeline-progress.ts";
import { type ReviewPipelineOptions, resolvePipelineOptions } from "./resolve-pipeline-options.ts";
import type { ReviewOutcome } from "./review-outcome.ts";
import { uploadAll } from "./upload-all.ts";
import { waitAndRetry } from "./wait-and-retry.ts";

/**
 * The one review flow shared by the Action and the CLI: local checks and uploads, estimate,
 * budget guard, one submission, wait, retries, results. It never throws for a failed request:
 * every ending is an outcome, so that callers can always report.
 */
export async function runReviewPipeline(given: ReviewPipelineOptions): Promise<ReviewOutcome> {
  const options = resolvePipelineOptions(given);
  const progress = startProgress();
  const finish = (status: ReviewStatus, reason: string, error?: unknown): ReviewOutcome =>
    buildOutcome(options, progress, status, reason, error);

  try {
    if (options.sidekickIds.length === 0) {
      throw new TypeError("runReviewPipeline needs at least one sidekick id (part 4.3).");
    }
    const nothing = await uploadAll(options, progress);
    // Every file unchanged since its recorded review: nothing to submit, nothing charged.
    if (nothing === "all-reused") return finish("completed", "");
    if (nothing !== undefined) return finish("nothing-to-review", nothing);
    const overBudget = await estimateUploads(options, progress);
    if (overBudget !== undefined) return finish("budget-exceeded", overBudget);

    const { uploaded } = progress;
    const created = await options.client.createSubmission(
      {
        assets: uploaded.map((u) => ({ blobPath: u.blobPath })),
        sidekickIds: [...options.sidekickIds],
      },
      { signal: options.signal, simulationDelaySeconds: options.simulationDelaySeconds },
    );
    progress.submissionId = created.submissionId;
    progress.lastSubmission = created;
    options.events.onSubmitted?.({
      submissionId: created.submissionId,
      assetCount: uploaded.length,
    });
    if (!options.wait) {
      return finish(
        "submitted-no-wait",
        `Submitted ${plural(uploaded.length, "file")} as ${created.submissionId}; not waiting for results.`,
      );
    }
    const waited = await waitAndRetry(options, progress, created.submissionId);
    // After a timeout, only the statuses are reported: the results are not all there.
    progress.assets = await fetchAssetResults({
      client: options.client,
      submission: waited.submission,
      uploaded,
      retries: progress.retries,
      concurrency: options.uploadConcurrency,
      signal: options.signal,
      events: waited.timedOut === undefined ? options.events : {},
      readResults: waited.timedOut === undefined,
    });
    if (waited.timedOut !== undefined) return finish("timed-out", waited.timedOut.message);
    return finish("completed", "");
  } catch (error) {
    if (options.signal?.aborted) {
      return finish("cancelled", "The run was cancelled before it finished.");
    }
    return finish("error", (error as Error).message, error);
  }
}
