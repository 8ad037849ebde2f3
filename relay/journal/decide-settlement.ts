import { type EntryRetryPolicy, entryRetryDelayMs } from "./entry-retry-policy.ts";
import { retryNotBefore } from "./retry-not-before.ts";

/** One attempt of an entry, as it ended. */
export interface EndedAttempt {
  /** 1 for the first attempt. */
  readonly number: number;
  /** When it ended (ms since the epoch). */
  readonly endedAt: number;
  /** A number in [0, 1) that places the retry's delay within its jitter. */
  readonly jitter: number;
  /**
   * The store will not run the entry again whatever this returns (pg-boss's own retries ran
   * out): a failure now dead-letters, so that the submission's later entries go through.
   */
  readonly finalRun?: boolean;
}

/**
 * What the store records after an attempt: the entry's next state and attempt count, and for
 * `pending` when it may run again at the earliest (ms since the epoch).
 */
export type Settlement =
  | { readonly state: "done"; readonly attempts: number }
  | { readonly state: "dead"; readonly attempts: number }
  | { readonly state: "pending"; readonly attempts: number; readonly notBefore: number };

/**
 * Settles an attempt: `failure` is null when the handler succeeded. A failure is retried with
 * backoff until the policy's last attempt, then dead-lettered. An attempt that could not start
 * its work (a claim it needs is held by another attempt: {@link retryNotBefore}) failed at
 * nothing of its own: it does not count and never dead-letters, and the entry runs again
 * when the claim ends. The Postgres worker used to count it and dead-letter it on the last
 * attempt; that punished an entry for another attempt's lease.
 */
export function decideSettlement(
  attempt: EndedAttempt,
  policy: EntryRetryPolicy,
  failure: { readonly error: unknown } | null,
): Settlement {
  if (failure === null) return { state: "done", attempts: attempt.number };
  const heldUntil = retryNotBefore(failure.error);
  if (heldUntil !== undefined && attempt.finalRun !== true) {
    return {
      state: "pending",
      attempts: attempt.number - 1,
      notBefore: Math.max(heldUntil, attempt.endedAt + 1),
    };
  }
  if (attempt.number >= policy.maxAttempts || attempt.finalRun === true) {
    return { state: "dead", attempts: attempt.number };
  }
  const delay = entryRetryDelayMs(policy, attempt.number, () => attempt.jitter);
  return { state: "pending", attempts: attempt.number, notBefore: attempt.endedAt + delay };
}
