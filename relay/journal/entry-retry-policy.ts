/**
 * How the relay's workers retry a journal entry whose attempt failed, as data. Not the API
 * client's `RetryPolicy` (src/api), which retries one HTTP call within an attempt.
 */
export interface EntryRetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** The first retry's step: attempt n waits up to `baseMs * 2^(n-1)`. */
  readonly baseMs: number;
  /** Cap of one step. */
  readonly maxMs: number;
}

/**
 * Delay before attempt `attempt + 1`: exponential backoff with equal jitter, a random point in
 * [c/2, c] where c = min(maxMs, baseMs * 2^(attempt-1)). Equal, not full, jitter: a retry never
 * comes sooner than half its step, so a destination that is down always gets that rest (full
 * jitter may retry at once), while the random half still spreads the entries that failed
 * together.
 */
export function entryRetryDelayMs(
  policy: EntryRetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(20, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
