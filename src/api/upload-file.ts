import { sleep } from "../shared/sleep.ts";
import { checkLocalFile } from "./check-local-file.ts";
import type { ContentReviewClient } from "./content-review-client.ts";
import { HttpError } from "./errors/http-error.ts";
import { agentFor } from "./proxy-from-env.ts";
import { putBlob } from "./put-blob.ts";
import { decideRetry } from "./retry-policy.ts";
import { userAgent } from "./version.ts";

/** Progress of one upload. */
export interface UploadProgress {
  readonly path: string;
  readonly filename: string;
  readonly bytesSent: number;
  readonly totalBytes: number;
}

/** Options of {@link uploadFile}. */
export interface UploadFileOptions {
  /** MIME type; derived from the extension when omitted (see `media-types.ts`). */
  readonly contentType?: string;
  /** Filename sent to the service. @default the file's base name */
  readonly filename?: string;
  readonly onProgress?: (progress: UploadProgress) => void;
  readonly signal?: AbortSignal;
  /** No bytes moving for this long aborts one attempt. @default 60000 */
  readonly idleTimeoutMs?: number;
}

/** A file that is now in storage, ready to estimate and submit. */
export interface UploadedFile {
  readonly path: string;
  readonly filename: string;
  readonly blobPath: string;
  /** The asset id: the UUID before the first `/` of the blobPath (part 1). */
  readonly assetId: string;
  readonly size: number;
  readonly contentType: string;
}

/**
 * Uploads one file: checks it locally (type, size limit of its category, no symlinks), asks for a
 * presigned URL (part 4.1), then streams the bytes. Retries 429, 5xx and network failures with the
 * client's backoff, re-opening the file each time, and asks for a fresh URL when storage answers
 * 403 (the URL expired). An upload is idempotent: a repeated PUT replaces the same blob.
 */
export async function uploadFile(
  client: ContentReviewClient,
  path: string,
  options: UploadFileOptions = {},
): Promise<UploadedFile> {
  const file = await checkLocalFile(path, options);
  const contentType = options.contentType ?? file.mediaType.mimeType;
  const { now, random, retry, onRetry, proxy } = client.timing;
  const started = now();
  let target = await client.createUploadUrl(
    { filename: file.filename, contentType },
    { signal: options.signal },
  );
  let refreshedAfter403 = false;

  for (let attempt = 1; ; attempt++) {
    try {
      await putBlob({
        path,
        size: file.size,
        contentType,
        uploadUrl: target.uploadUrl,
        idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
        signal: options.signal,
        onBytes: (bytesSent) =>
          options.onProgress?.({ path, filename: file.filename, bytesSent, totalBytes: file.size }),
        userAgent: userAgent("upload"),
        // Storage never sees the API key; the URL's signature is scrubbed inside putBlob.
        secrets: [],
        agent: agentFor(proxy, new URL(target.uploadUrl)),
      });
      const assetId = target.blobPath.slice(0, target.blobPath.indexOf("/"));
      return {
        path,
        filename: file.filename,
        blobPath: target.blobPath,
        assetId,
        size: file.size,
        contentType,
      };
    } catch (error) {
      if (error instanceof HttpError && error.status === 403 && !refreshedAfter403) {
        // Presigned URLs are time-limited: one fresh URL per upload, then 403 is final.
        refreshedAfter403 = true;
        target = await client.createUploadUrl(
          { filename: file.filename, contentType },
          { signal: options.signal },
        );
        continue;
      }
      const decision = decideRetry({
        operation: "uploadBlob",
        error,
        attempt,
        elapsedMs: now() - started,
        policy: retry,
        random,
      });
      if (!decision.retry) throw error;
      onRetry?.({
        operation: "uploadBlob",
        attempt,
        delayMs: decision.delayMs,
        reason: decision.reason,
        error: error as Error,
      });
      await sleep(decision.delayMs, options.signal);
    }
  }
}
