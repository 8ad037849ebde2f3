/**
 * The review pipeline: the one flow the Action and the CLI share (issue 4, flow steps 2 to 5).
 *
 * ```ts
 * import { runReviewPipeline } from "./index.ts";
 *
 * const outcome = await runReviewPipeline({
 *   client,                                   // a ContentReviewClient (live or sandbox key)
 *   files: [{ path: "/abs/media/ad.mp4", displayPath: "media/ad.mp4" }],
 *   sidekickIds: ["brand-safety"],
 *   failOn: "critical",                       // critical | major | minor | info | never
 *   maxCredits: 100,                          // optional budget guard
 *   wait: true, timeoutMs: 30 * 60_000, retryFailed: 2, uploadConcurrency: 4,
 *   simulationDelaySeconds: undefined,        // sandbox only
 *   signal,                                   // abort => status "cancelled"
 *   events: { onUploadStart, onUploadProgress, onUploadDone, onUploadSkipped,
 *             onEstimate, onSubmitted, onPoll, onRetry, onResults,
 *             onRecordIgnored, onReused, onReuseRejected },
 *   incremental: {                            // optional: reuse the reviews of unchanged files
 *     previous: record,                       // a ReviewRecord of earlier runs, or null
 *     identity: "git-blob",                   // what files' contentId are (or "sha256")
 *     reviewedIn: headSha,                    // names this run in the entries it adds
 *   },
 * });
 * ```
 *
 * Incremental runs first read the recorded reviews of unchanged files (same path, same
 * `contentId`, asset `complete`): two requests each, no upload, no submission, no credits; a
 * recorded review that is gone (404) or failed sends its file on to be reviewed. The rest goes
 * through the stages below, and `outcome.record` is the record for the next run.
 *
 * Stages: local checks (type, size, symlink) and uploads with bounded concurrency, a bad file
 * being skipped with its reason (in sandbox nothing is uploaded, part 4.14 rule 2); one estimate;
 * the budget guard (stops before submitting, nothing charged); ONE submission of all assets;
 * `waitForSubmission`; up to `retryFailed` retry rounds of retryable failed assets; then results,
 * two requests per completed asset (topics + asset read), plus the previous version's topics
 * for later versions (`diff`).
 *
 * It never throws for a failed request: the returned {@link ReviewOutcome} always says how the
 * run ended (`status`), the check-style `conclusion` derived from `failOn`, a one-line `reason`,
 * skipped files, the estimate, per-asset results and totals. Messages are redacted. The exit
 * code policy is the caller's: the Action fails exactly on `FAILING_CONCLUSIONS` (src/policy).
 * Render it with `src/report/index.ts` (markdown, mermaid chart, SARIF, JSON).
 */
export {
  BLOCKING_SKIP_REASONS,
  blockingIssues,
  blockingSkips,
  completedReason,
  deriveConclusion,
  isAccepted,
  SERVICE_SKIP_REASONS,
} from "./derive-conclusion.ts";
export { collectIssues, diffIssues, issueIdentity } from "./diff-issues.ts";
export { fileContentId } from "./file-content-id.ts";
export { identifyFiles } from "./identify-files.ts";
export { identifyVersions } from "./identify-versions.ts";
export { mapConcurrent } from "./map-concurrent.ts";
export { outcomeWithoutReview } from "./outcome-without-review.ts";
export type { PipelineEvents } from "./pipeline-events.ts";
export type { IncrementalOptions, ReviewPipelineOptions } from "./resolve-pipeline-options.ts";
export { REVIEW_DEFAULTS } from "./review-defaults.ts";
export type {
  AssetFailure,
  AssetReview,
  CostEstimate,
  FileEstimate,
  OutcomeAcceptance,
  ReusedReview,
  ReviewFile,
  ReviewOutcome,
  SkippedFile,
  SkipReason,
  UploadedAsset,
  VersionDiff,
} from "./review-outcome.ts";
export {
  CONTENT_ID_PATTERNS,
  type ContentIdentity,
  nextReviewRecord,
  parseReviewRecord,
  REVIEW_RECORD_VERSION,
  type ReviewRecord,
  type ReviewRecordEntry,
  recordedReview,
  reuseSummary,
  usableEntries,
} from "./review-record.ts";
export { isReviewRecordError, ReviewRecordError } from "./review-record-error.ts";
export { runReviewPipeline } from "./run-review-pipeline.ts";
export { sandboxMarkerNotice } from "./sandbox-marker-notice.ts";
export { secondsBetween } from "./seconds-between.ts";
export { FATAL_UPLOAD_STATUSES } from "./upload-files.ts";
