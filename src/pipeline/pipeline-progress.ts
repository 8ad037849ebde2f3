import type { Submission } from "../api/index.ts";
import type { AssetReview, CostEstimate, SkippedFile, UploadedAsset } from "./review-outcome.ts";
import type { ReviewRecordEntry } from "./review-record.ts";

/** What a run has done so far: each phase adds its part, and the outcome is built from it. */
export interface PipelineProgress {
  skipped: SkippedFile[];
  uploaded: UploadedAsset[];
  estimate: CostEstimate | null;
  submissionId: string | null;
  lastSubmission: Submission | null;
  assets: AssetReview[];
  retries: Map<string, number>;
  /** Unchanged files whose recorded reviews were read instead. */
  reused: AssetReview[];
  /** The earlier record's entries that this run's record carries on. */
  carried: readonly ReviewRecordEntry[];
}

/** A run's progress before its first phase. */
export function startProgress(): PipelineProgress {
  return {
    skipped: [],
    uploaded: [],
    estimate: null,
    submissionId: null,
    lastSubmission: null,
    assets: [],
    retries: new Map(),
    reused: [],
    carried: [],
  };
}
