import { sleep } from "../shared/sleep.ts";
import type { ContentReviewClient } from "./content-review-client.ts";
import { HttpError } from "./errors/http-error.ts";
import { NetworkError } from "./errors/network-error.ts";
import { RateLimitError } from "./errors/rate-limit-error.ts";
import { WaitTimeoutError } from "./errors/wait-timeout-error.ts";
import type * as T from "./generated/types.gen.ts";

/** Terminal submission statuses (part 3.1). */
export const TERMINAL_SUBMISSION_STATUSES: readonly string[] = Object.freeze([
  "complete",
  "partial",
  "failed",
]);

/** Options of {@link waitForSubmission}. */
export interface WaitOptions {
  /** Give up after this long. @default 1800000 (30 minutes) */
  readonly timeoutMs?: number;
  /** Aborts the wait; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Called with every submission read. */
  readonly onProgress?: (submission: T.Submission) => void;
  /** First interval between polls. @default 2000 */
  readonly initialIntervalMs?: number;
  /** Longest interval between polls. @default 30000 */
  readonly maxIntervalMs?: number;
  /** Growth of the interval after each poll. @default 2 */
  readonly factor?: number;
}

/** True for `complete`, `partial` and `failed`. */
export function isTerminalStatus(status: string): boolean {
  return TERMINAL_SUBMISSION_STATUSES.includes(status);
}

/**
 * Polls `GET /api/submissions/{id}` until its status is terminal (part 4.5), with growing
 * intervals (2 s, 4 s, 8 s, 16 s, then every 30 s: 24 polls over ten minutes). A poll that
 * fails with a retryable error after the client's own retries (429, 5xx, network) does not end
 * the wait; the next poll waits at least the `Retry-After` it was given. Other errors end it.
 */
export async function waitForSubmission(
  client: ContentReviewClient,
  submissionId: string,
  options: WaitOptions = {},
): Promise<T.Submission> {
  const { now } = client.timing;
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  const maxInterval = options.maxIntervalMs ?? 30_000;
  const factor = options.factor ?? 2;
  const deadline = now() + timeoutMs;
  let interval = options.initialIntervalMs ?? 2_000;
  let last: T.Submission | undefined;

  for (;;) {
    let wait = interval;
    try {
      last = await client.getSubmission(submissionId, { signal: options.signal });
      options.onProgress?.(last);
      if (isTerminalStatus(last.status)) return last;
    } catch (error) {
      const transient =
        error instanceof RateLimitError ||
        (error instanceof HttpError && error.status >= 500) ||
        error instanceof NetworkError;
      if (!transient) throw error;
      if (error instanceof RateLimitError && error.retryAfterSeconds !== undefined) {
        wait = Math.max(wait, error.retryAfterSeconds * 1000);
      }
    }
    const remaining = deadline - now();
    if (remaining <= 0) {
      throw new WaitTimeoutError(
        `Submission ${submissionId} did not finish within ${Math.round(timeoutMs / 1000)} s (last status: ${last?.status ?? "unknown"}). Raise the timeout, or check it later with its id.`,
        { submissionId, timeoutMs, lastSubmission: last },
      );
    }
    // The last poll lands on the deadline itself rather than giving up early.
    await sleep(Math.min(wait, remaining), options.signal);
    interval = Math.min(maxInterval, interval * factor);
  }
}
