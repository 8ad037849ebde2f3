import { type AttemptDeadline, errorText } from "./attempt-deadline.ts";
import { decideSettlement, type Settlement } from "./decide-settlement.ts";
import type { EntryRetryPolicy } from "./entry-retry-policy.ts";
import type { EntryHandler, JournalEntry, WorkerHooks } from "./journal.ts";

/** What a store does for an attempt: it only persists; {@link runAttempt} decides. */
export interface AttemptStore {
  /** Records that attempt `attempt` of the entry is running. */
  begin(entry: JournalEntry, attempt: number): void | Promise<void>;
  /** Records the settlement, with the error's text (null after a success). */
  persist(entry: JournalEntry, settlement: Settlement, lastError: string | null): Promise<void>;
  /**
   * Whether the store runs a `pending` entry at the settlement's `notBefore` (SQLite), or its
   * queue schedules the retry with its own backoff (pg-boss).
   */
  readonly keepsNotBefore: boolean;
}

/** Options of {@link runAttempt}. */
export interface RunAttemptOptions {
  readonly handler: EntryHandler;
  readonly hooks: WorkerHooks;
  readonly policy: EntryRetryPolicy;
  readonly store: AttemptStore;
  /** The attempt's deadline; the caller disposes of it. */
  readonly deadline: AttemptDeadline;
  /** The store will not run the entry again (see {@link EndedAttempt.finalRun}). */
  readonly finalRun?: boolean;
  /** True when the worker is stopping mid-attempt: nothing is settled, the entry runs again. */
  readonly abandoned?: () => boolean;
  /** @default Date.now */
  readonly now?: () => number;
  /** @default Math.random */
  readonly random?: () => number;
}

/** How an attempt ended, as settled; null when it was abandoned at shutdown. */
export type AttemptResult = {
  readonly settlement: Settlement;
  readonly failure: { readonly error: unknown } | null;
} | null;

/**
 * One attempt of an entry, for both stores: marks it running, runs the handler within the
 * deadline, settles it ({@link decideSettlement}), has the store persist that, and tells the
 * hooks. Throws when the store fails to persist (the entry then runs again).
 */
export async function runAttempt(
  entry: JournalEntry,
  options: RunAttemptOptions,
): Promise<AttemptResult> {
  const { policy, store, deadline, hooks } = options;
  const now = options.now ?? Date.now;
  const number = entry.attempts + 1;
  await store.begin(entry, number);
  const current: JournalEntry = { ...entry, state: "processing", attempts: number };
  let failure: { error: unknown } | null = null;
  try {
    await options.handler(current, {
      attempt: number,
      isLast: number >= policy.maxAttempts,
      signal: deadline.signal,
      deadline: deadline.deadline,
    });
  } catch (error) {
    failure = { error };
  }
  if (options.abandoned?.() === true) return null;
  const endedAt = now();
  const jitter = (options.random ?? Math.random)();
  const ended = { number, endedAt, jitter, finalRun: options.finalRun === true };
  const settlement = decideSettlement(ended, policy, failure);
  await store.persist(current, settlement, failure === null ? null : errorText(failure.error));
  if (settlement.state === "done") hooks.onDone?.(current);
  else if (settlement.state === "dead") hooks.onDead?.(current, failure?.error);
  else {
    const delay = store.keepsNotBefore ? Math.max(0, settlement.notBefore - now()) : null;
    hooks.onRetry?.(current, failure?.error, delay);
  }
  return { settlement, failure };
}
