/**
 * Outcome policy, as data: how a review run can end, the check-style conclusion of each ending,
 * which conclusions fail a step or a commit status, and the words that name them. One home for
 * the pipeline, the reports, the Action, the CLI and the relay.
 */

/**
 * How the run ended.
 * - `completed`: the submission reached a terminal status and results were read.
 * - `budget-exceeded`: the estimate was over `maxCredits`; nothing was submitted or charged.
 * - `timed-out`: waiting passed `timeoutMs`; results are those of the last poll.
 * - `cancelled`: the signal aborted the run.
 * - `submitted-no-wait`: submitted with `wait: false`; someone else finishes the job.
 * - `nothing-to-review`: no file was left to submit.
 * - `error`: a request failed for good; see `error`.
 */
export type ReviewStatus =
  | "completed"
  | "budget-exceeded"
  | "timed-out"
  | "cancelled"
  | "submitted-no-wait"
  | "nothing-to-review"
  | "error";

/**
 * Check-run style conclusion. `pending` only for `submitted-no-wait`; `action_required` only for
 * `budget-exceeded`: nothing was reviewed, and someone has to decide before anything is.
 */
export type ReviewConclusion =
  | "success"
  | "failure"
  | "action_required"
  | "skipped"
  | "timed_out"
  | "cancelled"
  | "pending";

/** Conclusion of each way a run can end, except `completed`, which depends on the findings. */
export const CONCLUSION_BY_STATUS: Readonly<
  Record<Exclude<ReviewStatus, "completed">, ReviewConclusion>
> = Object.freeze({
  // Nothing was reviewed: GitHub counts `neutral` as passing a required check, so content would
  // merge unreviewed. `action_required` blocks it until someone raises the limit and re-runs.
  "budget-exceeded": "action_required",
  "timed-out": "timed_out",
  cancelled: "cancelled",
  "submitted-no-wait": "pending",
  "nothing-to-review": "skipped",
  error: "failure",
});

/** Conclusions that make the Action's step fail. */
export const FAILING_CONCLUSIONS: ReadonlySet<ReviewConclusion> = new Set([
  "failure",
  "action_required",
  "timed_out",
  "cancelled",
]);

/** A word and a marker per conclusion, for report headings and chat headlines. */
export const CONCLUSION_LABELS: Readonly<Record<ReviewConclusion, string>> = Object.freeze({
  success: "✅ passed",
  failure: "❌ failed",
  action_required: "✋ not reviewed, action required",
  skipped: "⏭️ skipped",
  timed_out: "⏱️ timed out",
  cancelled: "🚫 cancelled",
  pending: "⏳ submitted, results pending",
});
