// @ts-nocheck
import { ContentReviewError } from "./errors/content-review-error.ts";
import { HttpError } from "./errors/http-error.ts";
import { NetworkError } from "./errors/network-error.ts";
import { RETRYABLE_STATUSES } from "./errors/status-hints.ts";

/**
 * How the client retries, as data. Every field is optional in {@link ClientOptions.retry};
 * {@link resolveRetryPolicy} fills the rest from {@link DEFAULT_RETRY_POLICY} once.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. @default 5 */
  readonly maxAttempts: number;
  /** Base of the exponential backoff. @default 500 */
  readonly baseDelayMs: number;
  /** Cap of one backoff wait (full jitter draws between 0 and this). @default 30000 */
  readonly maxDelayMs: number;
  /** Overall cap on the time spent on one call, waits included. @default 120000 */
  readonly maxElapsedMs: number;
  /** Statuses retried for safe operations (part 7: only 429, 500, 502). @default [429, 500, 502] */
  readonly retryStatuses: readonly number[];
  /** Whether network errors and timeouts are retried for safe operations. @default true */
  readonly retryNetworkErrors: boolean;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxElapsedMs: 120_000,
  retryStatuses: RETRYABLE_STATUSES,
  retryNetworkErrors: true,
});

/** Fills every unset field from the defaults and freezes the result. */
export function resolveRetryPolicy(partial: Partial<RetryPolicy> = {}): RetryPolicy {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined));
  return Object.freeze({ ...DEFAULT_RETRY_POLICY, ...defined });
}

/**
 * Operations that change state and are not idempotent. After an ambiguous failure (the request
 * may have reached the service) they are never replayed: the error is thrown with
 * `ambiguous: true` and a hint on how to find out whether it took effect. They are replayed only
 * when the service certainly did not act: a 429, or a connection that was never established.
 */
export const UNSAFE_OPERATIONS: ReadonlySet<string> = new Set([
  "createSubmission",
  "retryAsset",
  "createWebhookSubscription",
  "fireSandboxEvent",
]);

/** How to tell whether an unsafe operation took effect after an ambiguous failure. */
export const AMBIGUOUS_FAILURE_HINTS: Readonly<Record<string, string>> = Object.freeze({
  createSubmission:
    "It was not retried, to avoid a duplicate submission. Send the same request again: a 409 Conflict means the first attempt created the submission (its results arrive by webhook); a 201 means it had not",
  retryAsset:
    "It was not retried. Read the submission: if the asset is no longer failed, the retry took effect; otherwise retry it again",
  createWebhookSubscription:
    "It was not retried, to avoid a duplicate subscription. List the subscriptions and create it again only if it is missing",
  fireSandboxEvent:
    "It was not retried, to avoid duplicate events. Check the receiver's deliveries before firing again",
});

/** The verdict of {@link decideRetry}. */
export type RetryDecision =
  | { readonly retry: false }
  | { readonly retry: true; readonly delayMs: number; readonly reason: string };

/** Input of {@link decideRetry}. */
export interface RetryContext {
  readonly operation: string;
  readonly error: unknown;
  /** The attempt that just failed, 1-based. */
  readonly attempt: number;
  /** Time spent on this call so far. */
  readonly elapsedMs: number;
  readonly policy: RetryPolicy;
  /** A number in [0, 1) for the jitter. */
  readonly random: () => number;
}

/** Exponential backoff with full jitter: uniform in [0, min(cap, base * 2^(attempt-1))]. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

function failureKind(
  error: unknown,
  policy: RetryPolicy,
): "rate-limited" | "not-sent" | "ambiguous" | "final" {
  if (error instanceof HttpError) {
    if (error.status === 429 && policy.retryStatuses.includes(429)) return "rate-limited";
    return policy.retryStatuses.includes(error.status) ? "ambiguous" : "final";
  }
  if (error instanceof NetworkError) {
    if (!policy.retryNetworkErrors) return "final";
    return error.ambiguous ? "ambiguous" : "not-sent";
  }
  return "final";
}

/** Decides whether and when to retry a failed attempt. Pure: no clock, no randomness of its own. */
export function decideRetry(context: RetryContext): RetryDecision {
  const { operation, error, attempt, elapsedMs, policy, random } = context;
  if (!(error instanceof ContentReviewError) || attempt >= policy.maxAttempts)
    return { retry: false };
  const kind = failureKind(error, policy);
  if (kind === "final") return { retry: false };
  if (kind === "ambiguous" && UNSAFE_OPERATIONS.has(operation)) return { retry: false };

  const retryAfter = error instanceof HttpError ? error.retryAfterSeconds : undefined;
  const delayMs =
    kind === "rate-limited" && retryAfter !== undefined
      ? retryAfter * 1000
      : backoffDelay(attempt, policy, random);
  if (elapsedMs + delayMs > policy.maxElapsedMs) return { retry: false };
  const reason = error instanceof HttpError ? `HTTP ${error.status}` : error.name;
  return { retry: true, delayMs, reason };
}

/** Parses a `Retry-After` header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
