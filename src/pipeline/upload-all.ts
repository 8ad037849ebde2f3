import type { PipelineProgress } from "./pipeline-progress.ts";
import type { ResolvedPipelineOptions } from "./resolve-pipeline-options.ts";
import { reuseRecorded } from "./reuse-recorded.ts";
import { sandboxMarkerNotice } from "./sandbox-marker-notice.ts";
import { skipUnmarkedFiles } from "./skip-unmarked-files.ts";
import { uploadFiles } from "./upload-files.ts";

/**
 * Local checks (the sandbox's markers), reuse of recorded reviews, then uploads. Returns why
 * there is nothing to submit, "all-reused" when every file's review was reused, or undefined.
 */
export async function uploadAll(
  options: ResolvedPipelineOptions,
  progress: PipelineProgress,
): Promise<string | undefined> {
  const { client, files } = options;
  const marked = client.isSandbox ? skipUnmarkedFiles(files) : { files: [...files], skipped: [] };
  const unmarkedNotice =
    marked.skipped.length === 0
      ? null
      : sandboxMarkerNotice(marked.skipped.map((s) => s.file.displayPath));
  if (unmarkedNotice !== null)
    options.events.onSandboxUnmarked?.({ skipped: marked.skipped, message: unmarkedNotice });
  const toReview = await reuseRecorded(options, marked.files, progress);
  const { uploaded, skipped } = await uploadFiles({
    client,
    files: toReview,
    concurrency: options.uploadConcurrency,
    signal: options.signal,
    events: options.events,
  });
  progress.uploaded = uploaded;
  progress.skipped = [...marked.skipped, ...skipped];
  if (uploaded.length > 0) return undefined;
  if (progress.reused.length > 0) return "all-reused";
  if (files.length === 0) return "No files matched; there is nothing to review.";
  if (marked.files.length === 0 && unmarkedNotice !== null)
    return `Nothing to review in the sandbox: ${unmarkedNotice}`;
  return files.length === 1
    ? "The file could not be submitted; see the skipped file."
    : `None of the ${files.length} files could be submitted; see the skipped files.`;
}
