import type { EntryHandler, Journal, WorkerHooks } from "./journal.ts";
import { journalBackoffMs } from "./journal-backoff.ts";
import { JournalUnavailableError } from "./journal-unavailable-error.ts";

export interface JournalWhenReadyOptions {
  readonly kind: Journal["kind"];
  readonly location: string;
  /** One attempt to open the journal (bounded: its connections time out). */
  readonly open: () => Promise<Journal>;
  /** False for errors no waiting can cure (bad credentials, no such database). */
  readonly isOutage: (error: unknown) => boolean;
  /** An attempt failed with an outage; the next comes after `delayMs`. */
  readonly onWaiting?: (error: unknown, delayMs: number) => void;
  /** The journal is open (after waiting, or at the first attempt). */
  readonly onOpen?: () => void;
  /** An attempt failed with an error that is not an outage: the process must end. */
  readonly onFatal: (error: Error) => void;
}

/** The calls of a journal, each to `current()` (which throws while there is none). */
function delegating(
  current: () => Journal,
): Omit<Journal, "kind" | "location" | "start" | "close"> {
  return {
    ingest: async (id, event, traceparent) => current().ingest(id, event, traceparent),
    ping: async () => current().ping(),
    listEntries: async (limit) => current().listEntries(limit),
    redeliver: async (id) => current().redeliver(id),
    stats: async () => current().stats(),
    hasLaterEntries: async (submissionId, seq) => current().hasLaterEntries(submissionId, seq),
    loadState: async (submissionId) => current().loadState(submissionId),
    saveState: async (submissionId, json) => current().saveState(submissionId, json),
    prune: async (before, limit) => current().prune(before, limit),
    pruneDeliveryIds: async (before, limit) => current().pruneDeliveryIds(before, limit),
    claimEffect: async (key, scope, leaseMs) => current().claimEffect(key, scope, leaseMs),
    completeEffect: async (key, token, value) => current().completeEffect(key, token, value),
    abandonEffect: async (key, token, outcome) => current().abandonEffect(key, token, outcome),
    watchVerdict: async (submissionId, dueAt) => current().watchVerdict(submissionId, dueAt),
    unwatchVerdict: async (submissionId) => current().unwatchVerdict(submissionId),
    dueVerdicts: async (now, limit) => current().dueVerdicts(now, limit),
    takeVerdictCheck: async (watched, next) => current().takeVerdictCheck(watched, next),
  };
}

/**
 * A promise settled by the first call of `settle` (rejected when given an error); `settle`
 * says whether it was that first call.
 */
function settledOnce(): { promise: Promise<void>; settle: (error?: unknown) => boolean } {
  let settleFirst: ((error?: unknown) => void) | null = null;
  const promise = new Promise<void>((resolve, reject) => {
    settleFirst = (error) => (error === undefined ? resolve() : reject(error));
  });
  const settle = (error?: unknown): boolean => {
    const pending = settleFirst;
    settleFirst = null;
    pending?.(error);
    return pending !== null;
  };
  return { promise, settle };
}

/**
 * A journal that opens in the background, retrying with backoff for as long as its database
 * is down (each attempt bounded, the wait as a whole not), so that the relay starts, answers
 * `/healthz`, and says on `/readyz` what it waits for, instead of exiting. Until it is open,
 * every call fails with {@link JournalUnavailableError} (`503` with `Retry-After`), and the
 * workers start once it is.
 */
export function journalWhenReady(options: JournalWhenReadyOptions): {
  readonly journal: Journal;
  /**
   * Settles after the first attempt: resolved when it opened the journal or met an outage
   * (the wait goes on), rejected with its error when it met a misconfiguration.
   */
  readonly firstAttempt: Promise<void>;
} {
  let journal: Journal | null = null;
  let waitingFor: unknown = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  type Workers = { handler: EntryHandler; hooks: WorkerHooks };
  let workers = null as Workers | null;

  const { promise: firstAttempt, settle: first } = settledOnce();

  const opened = (async () => {
    for (let failures = 1; !closed; failures += 1) {
      try {
        const next = await options.open();
        if (closed) {
          await next.close(0);
          return;
        }
        journal = next;
        waitingFor = null;
        first();
        options.onOpen?.();
        const started = workers as Workers | null;
        if (started !== null) await next.start(started.handler, started.hooks);
        return;
      } catch (error) {
        if (!options.isOutage(error)) {
          // At the first attempt, the caller's start-up fails with it; later, the process ends.
          if (!first(error))
            options.onFatal(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        waitingFor = error;
        first();
        const delay = journalBackoffMs(failures);
        options.onWaiting?.(error, delay);
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, delay);
        });
      }
    }
  })();

  function current(): Journal {
    if (journal !== null) return journal;
    throw new JournalUnavailableError(options.location, { cause: waitingFor });
  }

  const journal_: Journal = {
    ...delegating(current),
    kind: options.kind,
    location: options.location,
    async start(handler, hooks = {}) {
      workers = { handler, hooks };
      if (journal !== null) await journal.start(handler, hooks);
    },
    async close(timeoutMs) {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      (wake as (() => void) | null)?.();
      await opened;
      await journal?.close(timeoutMs);
    },
  };
  return { journal: journal_, firstAttempt };
}
