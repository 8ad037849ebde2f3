import { describeError } from "../../src/shared/describe-error.ts";
import type { Journal } from "../journal/index.ts";
import {
  linkTraceOf,
  type RelayTracing,
  TRACING_OFF,
  traceReconciliation,
} from "../tracing/index.ts";
import { type ReconcileDeps, reconcileSubmission } from "./reconcile-submission.ts";

export interface ReconciliationOptions extends ReconcileDeps {
  readonly journal: ReconcileDeps["journal"] & Pick<Journal, "dueVerdicts">;
  /** `RECONCILE_SWEEP_SECONDS` in ms: the pause between two sweeps. */
  readonly sweepMs: number;
  /** Submissions checked per sweep at most (the rest wait for the next one). @default 100 */
  readonly batchSize?: number;
  /** One `relay.reconcile` span per submission checked. @default tracing off */
  readonly tracing?: RelayTracing;
}

/** The running sweep. */
export interface Reconciliation {
  /** Runs one sweep now (or joins the one running); resolves with the submissions checked. */
  sweep(): Promise<number>;
  /** Ends the loop and aborts the reads in flight; resolves once the sweep running has ended. */
  stop(): Promise<void>;
}

/**
 * Every `sweepMs`, checks the watched submissions that are due (no final verdict
 * `RECONCILE_AFTER_SECONDS` after their link or last event), one at a time, so the service's
 * rate limits see one reader.
 */
export function startReconciliation(options: ReconciliationOptions): Reconciliation {
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? 100;
  const tracing = options.tracing ?? TRACING_OFF;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function sweepOnce(): Promise<number> {
    const due = await options.journal.dueVerdicts(now(), batchSize);
    let checked = 0;
    for (const watched of due) {
      if (stopping.signal.aborted) break;
      try {
        // The link's trace, read only when there is a trace to join.
        const link = tracing.enabled
          ? linkTraceOf(await options.journal.loadState(watched.submissionId))
          : null;
        await traceReconciliation(tracing, watched.submissionId, link, (traceparent) =>
          reconcileSubmission(watched, options, stopping.signal, traceparent),
        );
        checked++;
      } catch (error) {
        // The journal failed under it: the submission stays watched and comes due again.
        options.logger.warn("reconciliation of a submission failed; it runs again later", {
          submissionId: watched.submissionId,
          error: describeError(error),
        });
      }
    }
    return checked;
  }

  function sweep(): Promise<number> {
    running ??= sweepOnce().finally(() => {
      running = null;
    });
    return running;
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.sweepMs);
        timer.unref();
      });
      if (stopping.signal.aborted) break;
      try {
        await sweep();
      } catch (error) {
        options.logger.warn("reconciliation sweep failed; it runs again later", {
          error: describeError(error),
        });
      }
    }
  }
  void loop();

  return {
    sweep,
    async stop() {
      stopping.abort(new Error("The relay is shutting down"));
      if (timer !== null) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
