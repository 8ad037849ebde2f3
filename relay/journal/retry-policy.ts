/** Retry policy of the relay workers, as data. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseMs: number;
  readonly maxMs: number;
}

/**
 * Delay before attempt `attempt + 1`: exponential backoff with full jitter
 * (a random point in [base * 2^(attempt-1) / 2, base * 2^(attempt-1)]), capped at `maxMs`.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(20, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
