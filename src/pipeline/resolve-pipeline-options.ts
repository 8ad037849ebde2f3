import type { AcceptedFile } from "../acceptance/index.ts";
import type { ContentReviewClient, WaitOptions } from "../api/index.ts";
import type { FailOn } from "../policy/index.ts";
import type { PipelineEvents } from "./pipeline-events.ts";
import { REVIEW_DEFAULTS } from "./review-defaults.ts";
import type { ReviewFile } from "./review-outcome.ts";
import type { ContentIdentity, ReviewRecord } from "./review-record.ts";

/** Incremental review: what earlier runs recorded, and how this run records its own reviews. */
export interface IncrementalOptions {
  /** The record of earlier runs; null when there is none (the first run, or an unreadable one). */
  readonly previous: ReviewRecord | null;
  /** What the files' `contentId` are: Git blob shas or SHA-256 digests. */
  readonly identity: ContentIdentity;
  /** Names this run in the entries it adds: the commit (Action) or the date-time (CLI). */
  readonly reviewedIn: string;
  /** False reviews every file again; the record is still kept for the next run. @default true */
  readonly reuse?: boolean;
}

/** Options of {@link runReviewPipeline}. */
export interface ReviewPipelineOptions {
  readonly client: ContentReviewClient;
  readonly files: readonly ReviewFile[];
  /** Reviewers to run; at least one (part 4.3). */
  readonly sidekickIds: readonly string[];
  /** Lowest severity that fails the run. @default "critical" */
  readonly failOn?: FailOn;
  /** Stop before submitting when the estimate is over this many credits. @default no limit */
  readonly maxCredits?: number | undefined;
  /** Wait for results; false returns right after submitting. @default true */
  readonly wait?: boolean;
  /** Longest wait for a terminal status, retries included. @default 1800000 (30 minutes) */
  readonly timeoutMs?: number;
  /** Retry rounds for retryable failed assets. @default 2 */
  readonly retryFailed?: number;
  /** Uploads (and result reads) running at once. @default 4 */
  readonly uploadConcurrency?: number;
  /** Sandbox only: delay before the terminal state (part 4.3), 0 to 30. */
  readonly simulationDelaySeconds?: number | undefined;
  /** Aborting ends the run with status `cancelled` as soon as the request in flight stops. */
  readonly signal?: AbortSignal | undefined;
  readonly events?: PipelineEvents;
  /** Polling intervals, for tests and benchmarks; the defaults are those of `waitForSubmission`. */
  readonly poll?: Pick<WaitOptions, "initialIntervalMs" | "maxIntervalMs" | "factor">;
  /**
   * Reuse the recorded reviews of unchanged files (same path, same `contentId`, asset
   * `complete`): they are neither uploaded nor submitted, and their results are read with two
   * requests each. The estimate and `maxCredits` cover only what is submitted. The outcome's
   * `record` is the record for the next run. @default none: every file is reviewed, no record
   */
  readonly incremental?: IncrementalOptions | undefined;
  /**
   * The accepted file (issue 32): the issues it accepts are listed but do not count towards
   * `failOn`. Applied to the conclusion only, never to the record. Files need their `version`
   * (see `identifyVersions`). @default none: every issue counts
   */
  readonly accepted?: AcceptedFile | undefined;
}

/**
 * The defaults of {@link ReviewPipelineOptions}, in one place (their `@default` tags say the
 * same); those the Action and the CLI share come from {@link REVIEW_DEFAULTS}.
 */
const PIPELINE_DEFAULTS = Object.freeze({
  failOn: REVIEW_DEFAULTS.failOn,
  wait: true,
  timeoutMs: REVIEW_DEFAULTS.timeoutMinutes * 60_000,
  retryFailed: REVIEW_DEFAULTS.retryFailed,
  uploadConcurrency: REVIEW_DEFAULTS.uploadConcurrency,
});

/** {@link ReviewPipelineOptions} with every default filled in, resolved once. */
export interface ResolvedPipelineOptions
  extends Omit<ReviewPipelineOptions, keyof typeof PIPELINE_DEFAULTS | "events"> {
  readonly failOn: FailOn;
  readonly wait: boolean;
  readonly timeoutMs: number;
  readonly retryFailed: number;
  readonly uploadConcurrency: number;
  readonly events: PipelineEvents;
}

export function resolvePipelineOptions(options: ReviewPipelineOptions): ResolvedPipelineOptions {
  return Object.freeze({
    ...options,
    failOn: options.failOn ?? PIPELINE_DEFAULTS.failOn,
    wait: options.wait ?? PIPELINE_DEFAULTS.wait,
    timeoutMs: options.timeoutMs ?? PIPELINE_DEFAULTS.timeoutMs,
    retryFailed: options.retryFailed ?? PIPELINE_DEFAULTS.retryFailed,
    uploadConcurrency: options.uploadConcurrency ?? PIPELINE_DEFAULTS.uploadConcurrency,
    events: options.events ?? {},
  });
}
