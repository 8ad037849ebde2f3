import { randomUUID } from "node:crypto";
import {
  type ContentReviewClient,
  checkLocalFile,
  isHttpError,
  isLocalFileError,
  isNetworkError,
  isWrongBaseUrlError,
} from "../api/index.ts";
import { mapConcurrent } from "./map-concurrent.ts";
import type { PipelineEvents } from "./pipeline-events.ts";
import type { ReviewFile, SkippedFile, UploadedAsset } from "./review-outcome.ts";

/**
 * Statuses that mean "this key cannot upload anything", not "this file is wrong": they end the
 * run instead of skipping one file after another with the same message.
 */
export const FATAL_UPLOAD_STATUSES: ReadonlySet<number> = new Set([401, 402]);

/**
 * True when an upload failed for a reason that every other file would meet too: a fatal status,
 * a 404 that says the base URL leads elsewhere, or the service itself out of reach (storage, `uploadBlob`, may be another host and fail alone).
 * Skipping each file with the same message would show one failure three times (issue 17).
 */
function isFatalUploadError(error: unknown): boolean {
  if (isHttpError(error))
    return FATAL_UPLOAD_STATUSES.has(error.status) || isWrongBaseUrlError(error);
  return isNetworkError(error) && error.operation !== "uploadBlob";
}

export interface UploadFilesOptions {
  readonly client: ContentReviewClient;
  readonly files: readonly ReviewFile[];
  readonly concurrency: number;
  readonly signal?: AbortSignal | undefined;
  readonly events: PipelineEvents;
}

export interface UploadFilesResult {
  readonly uploaded: UploadedAsset[];
  readonly skipped: SkippedFile[];
}

/**
 * Checks every file locally, then uploads the good ones with bounded concurrency. A bad file is
 * skipped with its reason and never fails the others. In sandbox nothing is uploaded: any UUID
 * names the asset (part 4.14 rule 2), so a missing marker fails at submission, before any wait.
 */
export async function uploadFiles(options: UploadFilesOptions): Promise<UploadFilesResult> {
  const { client, events, signal } = options;
  const skipped: SkippedFile[] = [];
  const skip = (file: ReviewFile, reason: SkippedFile["reason"], message: string) => {
    // Reports show repository paths, never where the runner keeps the checkout.
    const shown = message.split(file.path).join(file.displayPath);
    const entry: SkippedFile = { file, reason, message: client.redact(shown) };
    skipped.push(entry);
    events.onUploadSkipped?.(entry);
  };

  const results = await mapConcurrent(
    options.files,
    options.concurrency,
    async (file, index, taskSignal): Promise<UploadedAsset | null> => {
      let size: number;
      let filename: string;
      try {
        const checked = await checkLocalFile(file.path);
        size = checked.size;
        filename = checked.filename;
      } catch (error) {
        if (isLocalFileError(error)) {
          skip(file, error.problem, error.message);
          return null;
        }
        throw error;
      }
      if (client.isSandbox) {
        const blobPath = `${randomUUID()}/${filename}`;
        const asset = { file, assetId: blobPath.split("/")[0]!, blobPath, filename, size };
        events.onSandboxAsset?.(asset);
        return asset;
      }
      events.onUploadStart?.({ file, size, index, total: options.files.length });
      try {
        // The pool's signal: a fatal error elsewhere (401, 402) stops this upload too.
        const uploaded = await client.uploadFile(file.path, {
          signal: taskSignal,
          onProgress: (p) =>
            events.onUploadProgress?.({ file, bytesSent: p.bytesSent, totalBytes: p.totalBytes }),
        });
        const asset: UploadedAsset = {
          file,
          assetId: uploaded.assetId,
          blobPath: uploaded.blobPath,
          filename: uploaded.filename,
          size: uploaded.size,
        };
        events.onUploadDone?.(asset);
        return asset;
      } catch (error) {
        if (taskSignal.aborted) throw error;
        if (isLocalFileError(error)) {
          skip(file, error.problem, error.message);
          return null;
        }
        if (isFatalUploadError(error)) throw error;
        skip(
          file,
          "upload-failed",
          // Reports put the path before the message: it is not repeated here.
          `Upload failed: ${(error as Error).message}`,
        );
        return null;
      }
    },
    signal,
  );
  return { uploaded: results.filter((r): r is UploadedAsset => r !== null), skipped };
}
