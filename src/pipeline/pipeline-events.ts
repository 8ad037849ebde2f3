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
  /** A file was left out: unsupported, too large, a symlink, or its upload failed. */
  readonly onUploadSkipped?: (skipped: SkippedFile) => void;
  readonly onEstimate?: (estimate: CostEstimate) => void;
  readonly onSubmitted?: (event: { submissionId: string; assetCount: number }) => void;
  /** Every submission read while waiting. */
  readonly onPoll?: (submission: Submission) => void;
  /** A retry round re-ran these failed, retryable assets (round is 1-based). */
  readonly onRetry?: (event: { round: number; assetIds: readonly string[] }) => void;
  /** The results of one asset are in. */
  readonly onResults?: (asset: AssetReview) => void;
}
