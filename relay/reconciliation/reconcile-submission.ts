import { describeError } from "../../src/shared/describe-error.ts";
import type { Journal, WatchedSubmission } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayMetrics } from "../metrics.ts";
import type { SubmissionState } from "../submission/index.ts";
import {
  nextCheckAt,
  planReconciliation,
  planUnreadable,
  RECONCILED_OUTCOMES,
  type ReconcileOutcome,
} from "./plan-reconciliation.ts";
import type { ServiceReader } from "./service-reader.ts";

export interface ReconcileDeps {
  readonly journal: Pick<Journal, "ingest" | "loadState" | "takeVerdictCheck" | "unwatchVerdict">;
  readonly service: ServiceReader;
  readonly logger: Logger;
  readonly metrics: Pick<RelayMetrics, "reconciled">;
  /** `RECONCILE_AFTER_SECONDS` in ms. */
  readonly afterMs: number;
  /** `RECONCILE_MAX_HOURS` in ms. */
  readonly maxMs: number;
  /** @default Date.now */
  readonly now?: () => number;
}

/** What one check did: its outcome, or why it did not run to one. */
export type CheckResult = ReconcileOutcome | "taken" | "read_failed";

/**
 * Reconciles one watched submission: takes its check (another replica may have), reads it
 * from the service, and journals what the missing events would have brought, under ids derived
 * from the submission, so the journal's dedupe and effect claims keep every effect single
 * however many sweeps, replicas and late webhooks meet. The one step per submission (a
 * tracing span goes around it).
 */
export async function reconcileSubmission(
  watched: WatchedSubmission,
  deps: ReconcileDeps,
  signal: AbortSignal,
  /** The reconciliation span's: relaying the entries it journals continues that trace. */
  traceparent: string | null = null,
): Promise<CheckResult> {
  const now = (deps.now ?? Date.now)();
  const { submissionId } = watched;
  const next = nextCheckAt(watched.checks, now, watched.linkedAt, deps.afterMs, deps.maxMs);
  if (!(await deps.journal.takeVerdictCheck(watched, next))) return "taken";
  const stored = await deps.journal.loadState(submissionId);
  if (stored === null) {
    // Retention deleted it: nothing is left to set a status on.
    await deps.journal.unwatchVerdict(submissionId);
    return "already_final";
  }
  const state = JSON.parse(stored) as SubmissionState;
  const when = { state, now, linkedAt: watched.linkedAt, maxMs: deps.maxMs };
  let plan: ReturnType<typeof planReconciliation>;
  try {
    const submission = await deps.service.readSubmission(submissionId, signal);
    plan = planReconciliation({ ...when, submission });
  } catch (error) {
    // Stopping: the check comes due again after the restart.
    if (signal.aborted) return "read_failed";
    deps.logger.warn("reconciliation could not read the submission; it tries again later", {
      submissionId,
      nextCheckAt: new Date(next).toISOString(),
      error: describeError(error),
    });
    // Past the limit, a service that never answers still ends in a final status.
    plan = planUnreadable(when);
    if (plan.outcome !== "timed_out") return "read_failed";
  }
  let added = 0;
  for (const entry of plan.entries) {
    if ((await deps.journal.ingest(entry.id, entry.event, traceparent)) === "accepted") added++;
  }
  if (plan.outcome === "already_final") await deps.journal.unwatchVerdict(submissionId);
  // Counted once: a second sweep that finds its entries journaled already adds nothing.
  if (RECONCILED_OUTCOMES.includes(plan.outcome) && added > 0) {
    deps.metrics.reconciled(plan.outcome);
    deps.logger.info("verdict reconciled from the service (its webhooks never came)", {
      submissionId,
      outcome: plan.outcome,
      events: plan.entries.map((e) => e.event.kind),
    });
  } else if (plan.outcome === "still_processing") {
    deps.logger.debug("reconciliation: still processing; checked again later", {
      submissionId,
      nextCheckAt: new Date(next).toISOString(),
    });
  }
  return plan.outcome;
}
