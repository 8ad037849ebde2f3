import type { AcceptedFile } from "../acceptance/index.ts";
import {
  type ContentReviewClient,
  isHttpError,
  isWaitTimeoutError,
  type Submission,
  type SubmissionAsset,
  type WaitOptions,
} from "../api/index.ts";
import {
  addSeverityCounts,
  countBySeverity,
  DEFAULT_FAIL_ON,
  type FailOn,
  plural,
  type ReviewStatus,
} from "../policy/index.ts";
import { applyAcceptance } from "./apply-acceptance.ts";
import { completedReason, deriveConclusion } from "./derive-conclusion.ts";
import { fetchAssetResults } from "./fetch-asset-results.ts";
import type { PipelineEvents } from "./pipeline-events.ts";
import { reuseReviews } from "./reuse-reviews.ts";
import { REVIEW_DEFAULTS } from "./review-defaults.ts";
import type {
  AssetReview,
  CostEstimate,
  ReviewFile,
  ReviewOutcome,
  SkippedFile,
  UploadedAsset,
} from "./review-outcome.ts";
import {
  type ContentIdentity,
  nextReviewRecord,
  type ReviewRecord,
  type ReviewRecordEntry,
  recordedReview,
  usableEntries,
} from "./review-record.ts";
import { sandboxMarkerNotice } from "./sandbox-marker-notice.ts";
import { skipUnmarkedFiles } from "./skip-unmarked-files.ts";
import { uploadFiles } from "./upload-files.ts";

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
  failOn: DEFAULT_FAIL_ON,
  wait: true,
  timeoutMs: REVIEW_DEFAULTS.timeoutMinutes * 60_000,
  retryFailed: REVIEW_DEFAULTS.retryFailed,
  uploadConcurrency: REVIEW_DEFAULTS.uploadConcurrency,
});

/** {@link ReviewPipelineOptions} with every default filled in, resolved once. */
interface ResolvedPipelineOptions
  extends Omit<ReviewPipelineOptions, keyof typeof PIPELINE_DEFAULTS | "events"> {
  readonly failOn: FailOn;
  readonly wait: boolean;
  readonly timeoutMs: number;
  readonly retryFailed: number;
  readonly uploadConcurrency: number;
  readonly events: PipelineEvents;
}

function resolvePipelineOptions(options: ReviewPipelineOptions): ResolvedPipelineOptions {
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

interface Progress {
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

/**
 * The one review flow shared by the Action and the CLI: local checks and uploads, estimate,
 * budget guard, one submission, wait, retries, results. It never throws for a failed request:
 * every ending is an outcome, so that callers can always report.
 */
export async function runReviewPipeline(given: ReviewPipelineOptions): Promise<ReviewOutcome> {
  const options = resolvePipelineOptions(given);
  const progress: Progress = {
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
  const finish = (status: ReviewStatus, reason: string, error?: unknown): ReviewOutcome =>
    buildOutcome(options, progress, status, reason, error);

  try {
    if (options.sidekickIds.length === 0) {
      throw new TypeError("runReviewPipeline needs at least one sidekick id (part 4.3).");
    }
    const nothing = await uploadAll(options, progress);
    // Every file unchanged since its recorded review: nothing to submit, nothing charged.
    if (nothing === "all-reused") return finish("completed", "");
    if (nothing !== undefined) return finish("nothing-to-review", nothing);
    const overBudget = await estimate(options, progress);
    if (overBudget !== undefined) return finish("budget-exceeded", overBudget);

    const { uploaded } = progress;
    const created = await options.client.createSubmission(
      {
        assets: uploaded.map((u) => ({ blobPath: u.blobPath })),
        sidekickIds: [...options.sidekickIds],
      },
      { signal: options.signal, simulationDelaySeconds: options.simulationDelaySeconds },
    );
    progress.submissionId = created.submissionId;
    progress.lastSubmission = created;
    options.events.onSubmitted?.({
      submissionId: created.submissionId,
      assetCount: uploaded.length,
    });
    if (!options.wait) {
      return finish(
        "submitted-no-wait",
        `Submitted ${plural(uploaded.length, "file")} as ${created.submissionId}; not waiting for results.`,
      );
    }
    const waited = await waitAndRetry(options, progress, created.submissionId);
    // After a timeout, only the statuses are reported: the results are not all there.
    progress.assets = await fetchAssetResults({
      client: options.client,
      submission: waited.submission,
      uploaded,
      retries: progress.retries,
      concurrency: options.uploadConcurrency,
      signal: options.signal,
      events: waited.timedOut === undefined ? options.events : {},
      readResults: waited.timedOut === undefined,
    });
    if (waited.timedOut !== undefined) return finish("timed-out", waited.timedOut.message);
    return finish("completed", "");
  } catch (error) {
    if (options.signal?.aborted) {
      return finish("cancelled", "The run was cancelled before it finished.");
    }
    return finish("error", (error as Error).message, error);
  }
}

/**
 * Local checks (the sandbox's markers), reuse of recorded reviews, then uploads. Returns why
 * there is nothing to submit, "all-reused" when every file's review was reused, or undefined.
 */
async function uploadAll(
  options: ResolvedPipelineOptions,
  progress: Progress,
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

/** Prices the uploads; returns why the run stops when the estimate is over `maxCredits`. */
async function estimate(
  options: ResolvedPipelineOptions,
  progress: Progress,
): Promise<string | undefined> {
  const { uploaded } = progress;
  const priced = await options.client.estimatePrice(
    { files: uploaded.map((u) => ({ blobPath: u.blobPath })) },
    { signal: options.signal },
  );
  progress.estimate = {
    totalCredits: priced.totalCredits,
    files: uploaded.map((u, i) => {
      const entry = priced.files.find((f) => f.blobPath === u.blobPath) ?? priced.files[i];
      return {
        file: u.file,
        blobPath: u.blobPath,
        credits: entry?.credits ?? 0,
        priceable: entry?.priceable ?? false,
      };
    }),
  };
  options.events.onEstimate?.(progress.estimate);
  if (options.maxCredits === undefined || priced.totalCredits <= options.maxCredits)
    return undefined;
  return `The estimate is ${plural(priced.totalCredits, "credit")}, over max-credits ${options.maxCredits}; nothing was submitted or charged. Raise max-credits or review fewer files.`;
}

/**
 * Waits for a terminal status within `timeoutMs`, retrying retryable failed assets up to
 * `retryFailed` rounds. A timeout is returned with the last submission seen, not thrown.
 */
async function waitAndRetry(
  options: ResolvedPipelineOptions,
  progress: Progress,
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
  progress: Progress,
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

/**
 * Incremental runs: reads the recorded reviews of the files that match the usable record, and
 * returns the files still to review (all of them without a record, or with `reuse: false`).
 */
async function reuseRecorded(
  options: ResolvedPipelineOptions,
  files: ReviewFile[],
  progress: Progress,
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

function buildOutcome(
  options: ResolvedPipelineOptions,
  progress: Progress,
  status: ReviewStatus,
  reason: string,
  error: unknown,
): ReviewOutcome {
  // Reused and fresh reviews together, in the order the files were given.
  const order = new Map(options.files.map((f, i) => [f, i]));
  const { assets, acceptance } = applyAcceptance(
    [...progress.reused, ...progress.assets].sort(
      (a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0),
    ),
    options.accepted,
  );
  const { failOn } = options;
  const counts = assets.reduce((sum, a) => addSeverityCounts(sum, a.counts), countBySeverity([]));
  const issueCount = assets.reduce((n, a) => n + a.issues.length, 0);
  const failedAssetCount = assets.filter(
    (a) => a.status === "failed" || a.resultsError !== null,
  ).length;
  const submission = progress.lastSubmission;
  const conclusion = deriveConclusion(status, assets, failOn, progress.skipped);
  return {
    status,
    conclusion,
    reason: options.client.redact(
      status === "completed" ? completedReason(assets, failOn, progress.skipped) : reason,
    ),
    environment: options.client.environment,
    failOn,
    maxCredits: options.maxCredits ?? null,
    submissionId: progress.submissionId,
    submissionStatus: submission?.status ?? null,
    skipped: progress.skipped,
    uploaded: progress.uploaded,
    estimate: progress.estimate,
    assets,
    counts,
    issueCount,
    failedAssetCount,
    error:
      error === undefined
        ? null
        : {
            name: (error as Error).name ?? "Error",
            message: options.client.redact((error as Error).message ?? String(error)),
            cause: error,
          },
    lastSubmission: submission,
    acceptance,
    record:
      options.incremental === undefined
        ? null
        : nextReviewRecord(
            progress.carried,
            {
              assets,
              submissionId: progress.submissionId,
              estimate: progress.estimate,
              polledComplete: polledComplete(progress),
            },
            {
              identity: options.incremental.identity,
              sidekickIds: options.sidekickIds,
              reviewedIn: options.incremental.reviewedIn,
              reviewedAt: new Date(options.client.timing.now()).toISOString(),
            },
          ),
  };
}

/**
 * The uploads whose reviews the last poll saw complete and whose results this run did not read
 * (it was cancelled or timed out while waiting): paid for, so kept in the record.
 */
function polledComplete(progress: Progress): UploadedAsset[] {
  const read = new Set(progress.assets.map((a) => a.assetId));
  const complete = new Set(
    (progress.lastSubmission?.assets ?? [])
      .filter((a) => a.status === "complete")
      .map((a) => a.assetId),
  );
  return progress.uploaded.filter((u) => complete.has(u.assetId) && !read.has(u.assetId));
}
