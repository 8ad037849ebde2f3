// @ts-nocheck
import type { Submission } from "../api/index.ts";
import type {
  AssetReview,
  CostEstimate,
  ReviewFile,
  SkippedFile,
  UploadedAsset,
} from "./review-outcome.ts";

/** Optional progress callbacks of the pipeline; each is called synchronously and must not throw. */
export interface PipelineEvents {
  /** A file passed the local checks and starts uploading (`index` is 0-based in the input). */
  readonly onUploadStart?: (event: {
    file: ReviewFile;
    size: number;
    index: number;
    total: number;
  }) => void;
  /** Bytes of one upload went out (called often; throttle your own output). */
  readonly onUploadProgress?: (event: {
    file: ReviewFile;
    bytesSent: number;
    totalBytes: number;
  }) => void;
  readonly onUploadDone?: (asset: UploadedAsset) => void;
  /**
   * Sandbox only, instead of the upload events: the file passed the local checks and was named
   * by a fresh asset id; nothing is uploaded in the sandbox (part 4.14 rule 2).
   */
  readonly onSandboxAsset?: (asset: UploadedAsset) => void;
  /** A file was left out: unsupported, too large, a symlink, or its upload failed. */
  readonly onUploadSkipped?: (skipped: SkippedFile) => void;
  /**
   * Sandbox only: found files without a marker in their names were skipped (part 4.14 rule 1).
   * One event for all of them, with a warning that names them and lists the six markers.
   */
  readonly onSandboxUnmarked?: (event: {
    skipped: readonly SkippedFile[];
    message: string;
  }) => void;
  readonly onEstimate?: (estimate: CostEstimate) => void;
  readonly onSubmitted?: (event: { submissionId: string; assetCount: number }) => void;
  /** Every submission read while waiting. */
  readonly onPoll?: (submission: Submission) => void;
  /** A retry round re-ran these failed, retryable assets (round is 1-based). */
  readonly onRetry?: (event: { round: number; assetIds: readonly string[] }) => void;
  /** The results of one asset are in. */
  readonly onResults?: (asset: AssetReview) => void;
  /**
   * Incremental runs: the record of earlier reviews does not fit this run (other sidekicks, or
   * another kind of content id), so every file is reviewed again; `message` says why.
   */
  readonly onRecordIgnored?: (event: { message: string }) => void;
  /** An unchanged file's recorded review was read instead of reviewing the file again. */
  readonly onReused?: (asset: AssetReview) => void;
  /** A recorded review could not be reused (gone, failed, unreadable): the file is reviewed again. */
  readonly onReuseRejected?: (event: { file: ReviewFile; message: string }) => void;
}
