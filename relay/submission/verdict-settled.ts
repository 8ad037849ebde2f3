import { assetTotals } from "./asset-list.ts";
import { type SubmissionOutcome, submissionOutcome } from "./submission-outcome.ts";
import type { SubmissionState } from "./submission-state.ts";

/**
 * True when nothing can change a submission's verdict any more, so reconciliation may stop
 * watching it: reconciliation gave up on it (not found, `RECONCILE_MAX_HOURS`), or its verdict
 * is final with no failed asset. A final `error` from failed assets is not settled: a failed
 * asset may be retried (`isRetryable`), and only the service's read tells, so it stays watched
 * until a read shows no retry can come, or until `RECONCILE_MAX_HOURS`.
 */
export function verdictSettled(
  state: SubmissionState,
  outcome: SubmissionOutcome = submissionOutcome(state),
): boolean {
  if (state.unresolved !== undefined) return true;
  if (outcome.state === "pending") return false;
  return assetTotals(state.assets).failed === 0;
}
