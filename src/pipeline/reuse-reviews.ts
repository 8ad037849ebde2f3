import { basename } from "node:path";
import { type ContentReviewClient, isHttpError } from "../api/index.ts";
import { readAssetResults } from "./fetch-asset-results.ts";
import { mapConcurrent } from "./map-concurrent.ts";
import type { PipelineEvents } from "./pipeline-events.ts";
import type { AssetReview, ReviewFile } from "./review-outcome.ts";
import type { ReviewRecordEntry } from "./review-record.ts";
import { FATAL_UPLOAD_STATUSES } from "./upload-files.ts";

/** Files whose recorded reviews were reused, and those to review again. */
export interface ReusedReviews {
  readonly reused: AssetReview[];
  readonly again: ReviewFile[];
}

/**
 * Reads the recorded reviews of unchanged files instead of reviewing them again: two requests a
 * file (topics and asset read, {@link readAssetResults}), no upload, no submission, no credits.
 * An entry of another content id than the file's, a recorded asset that is not `complete` (a
 * failed review is never reused), that cannot be read (404: gone, or another workspace's), or
 * that names another file, sends its file back to be reviewed again. A key the service refuses (401, 402) ends the run, as it would at upload.
 */
export async function reuseReviews(options: {
  client: ContentReviewClient;
  candidates: readonly { file: ReviewFile; entry: ReviewRecordEntry }[];
  concurrency: number;
  signal?: AbortSignal | undefined;
  events: PipelineEvents;
}): Promise<ReusedReviews> {
  const { client, signal, events } = options;
  const results = await mapConcurrent(
    options.candidates,
    options.concurrency,
    async ({ file, entry }, _index, taskSignal): Promise<AssetReview | ReviewFile> => {
      const again = (why: string): ReviewFile => {
        events.onReuseRejected?.({
          file,
          message: client.redact(
            `${file.displayPath}: its recorded review (asset ${entry.assetId}) ${why}; reviewing it again.`,
          ),
        });
        return file;
      };
      // The entry must be of this very version: a name alone says nothing of the content.
      if (file.contentId === undefined || entry.contentId !== file.contentId)
        return again("is of another version of the file");
      try {
        const { asset, results } = await readAssetResults(
          client,
          entry.submissionId,
          entry.assetId,
          { signal: taskSignal },
        );
        if (asset.status !== "complete")
          return again(`is ${asset.status}, and only complete reviews are reused`);
        if (asset.filename !== basename(file.path))
          return again(`is of another file (${asset.filename})`);
        const review: AssetReview = {
          file,
          assetId: entry.assetId,
          blobPath: `${entry.assetId}/${asset.filename}`,
          filename: asset.filename,
          status: "complete",
          failure: null,
          retries: 0,
          ...results,
          resultsError: null,
          reused: {
            submissionId: entry.submissionId,
            reviewedIn: entry.reviewedIn,
            credits: entry.credits,
            ...(entry.reviewedAt === undefined ? {} : { reviewedAt: entry.reviewedAt }),
          },
        };
        events.onReused?.(review);
        return review;
      } catch (error) {
        if (taskSignal.aborted) throw error;
        if (isHttpError(error) && FATAL_UPLOAD_STATUSES.has(error.status)) throw error;
        if (isHttpError(error) && error.status === 404)
          return again("cannot be read any more (HTTP 404)");
        return again(`could not be read (${(error as Error).message})`);
      }
    },
    signal,
  );
  return {
    reused: results.filter((r): r is AssetReview => "assetId" in r),
    again: results.filter((r): r is ReviewFile => !("assetId" in r)),
  };
}
