import type { PipelineProgress } from "./pipeline-progress.ts";
import type { ResolvedPipelineOptions } from "./resolve-pipeline-options.ts";
import { reuseReviews } from "./reuse-reviews.ts";
import type { ReviewFile } from "./review-outcome.ts";
import { recordedReview, usableEntries } from "./review-record.ts";

/**
 * Incremental runs: reads the recorded reviews of the files that match the usable record, and
 * returns the files still to review (all of them without a record, or with `reuse: false`).
 */
export async function reuseRecorded(
  options: ResolvedPipelineOptions,
  files: ReviewFile[],
  progress: PipelineProgress,
): Promise<ReviewFile[]> {
  const incremental = options.incremental;
  if (incremental === undefined) return files;
  const usable = usableEntries(incremental.previous, {
    identity: incremental.identity,
    sidekickIds: options.sidekickIds,
  });
  if (usable.notice !== null) options.events.onRecordIgnored?.({ message: usable.notice });
  progress.carried = usable.entries;
  if (incremental.reuse === false) return files;
  const candidates = files.flatMap((file) => {
    const entry = recordedReview(usable.entries, file);
    return entry === undefined ? [] : [{ file, entry }];
  });
  if (candidates.length === 0) return files;
  const { reused } = await reuseReviews({
    client: options.client,
    candidates,
    concurrency: options.uploadConcurrency,
    signal: options.signal,
    events: options.events,
  });
  progress.reused = reused;
  const done = new Set(reused.map((r) => r.file));
  return files.filter((f) => !done.has(f));
}
