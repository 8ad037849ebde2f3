import {
  isHttpError,
  isWaitTimeoutError,
  type Submission,
  type SubmissionAsset,
} from "../api/index.ts";
import type { PipelineProgress } from "./pipeline-progress.ts";
import type { ResolvedPipelineOptions } from "./resolve-pipeline-options.ts";

/**
 * Waits for a terminal status within `timeoutMs`, retrying retryable failed assets up to
 * `retryFailed` rounds. A timeout is returned with the last submission seen, not thrown.
 */
export async function waitAndRetry(
  options: ResolvedPipelineOptions,
  progress: PipelineProgress,
  submissionId: string,
): Promise<{ submission: Submission; timedOut?: Error }> {
  const { client, signal, events } = options;
  const started = client.timing.now();
  const waitFor = () =>
    client.waitForSubmission(submissionId, {
      ...options.poll,
      timeoutMs: Math.max(0, options.timeoutMs - (client.timing.now() - started)),
      signal,
      onProgress: (s) => {
        progress.lastSubmission = s;
        events.onPoll?.(s);
      },
    });
  try {
    let final = await waitFor();
    for (let round = 1; round <= options.retryFailed; round++) {
      const retryable = final.assets.filter((a) => a.status === "failed" && a.isRetryable === true);
      const accepted = await retryAssets(options, progress, submissionId, retryable);
      if (accepted.length === 0) break;
      events.onRetry?.({ round, assetIds: accepted });
      final = await waitFor();
    }
    return { submission: final };
  } catch (error) {
    if (!isWaitTimeoutError(error) || signal?.aborted || progress.lastSubmission === null)
      throw error;
    return { submission: progress.lastSubmission, timedOut: error };
  }
}

/** Asks for a retry of each asset; returns the ids the service accepted. */
async function retryAssets(
  options: ResolvedPipelineOptions,
  progress: PipelineProgress,
  submissionId: string,
  assets: readonly SubmissionAsset[],
): Promise<string[]> {
  const accepted: string[] = [];
  for (const asset of assets) {
    try {
      await options.client.retryAsset(submissionId, asset.assetId, { signal: options.signal });
      accepted.push(asset.assetId);
      progress.retries.set(asset.assetId, (progress.retries.get(asset.assetId) ?? 0) + 1);
    } catch (error) {
      // 409: no longer retryable or no longer failed; the asset keeps its state.
      if (!(isHttpError(error) && error.status === 409)) throw error;
    }
  }
  return accepted;
}
