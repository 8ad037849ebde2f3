import Bottleneck from "bottleneck/light.js";
// By file, not through src/shared's index: only the Action and the relay bundle Octokit.
import { createOctokit, type GithubOctokit } from "../../shared/create-octokit.ts";
import { httpStatusOf } from "../../shared/http-status-of.ts";

/** Octokit with retries and rate-limit handling, as the Action uses it. */
export type GithubClient = GithubOctokit;

/**
 * Octokit's request log says `POST /x - 500 with id UNKNOWN in 20ms` for a request that the
 * run's own cancellation aborted: no 500 was answered. Say what happened instead, and that a
 * write may have been applied (a check run created as the run was cancelled).
 */
function asCancelled(message: string, signal: AbortSignal | undefined): string {
  if (signal?.aborted !== true) return message;
  return message.replace(
    / - 500 with id UNKNOWN in (\d+)ms$/,
    " - cancelled after $1 ms: the run was cancelled while GitHub had the request, which it may have applied",
  );
}

/**
 * An Octokit for `GITHUB_API_URL` (GHES and the test fake included): every request has its own
 * timeout; 5xx and timeouts are retried by the retry plugin; primary and secondary rate limits
 * are waited out up to twice by the throttling plugin.
 */
export function createGithubClient(options: {
  token: string;
  baseUrl: string;
  userAgent: string;
  log: (message: string) => void;
  /** Wait out primary and secondary rate limits, as GitHub asks of integrations. @default true */
  throttle?: boolean;
  /**
   * Space write requests a second apart, as GitHub asks of integrations to stay clear of its
   * secondary rate limits. Only a local recorder of GitHub's API can do without. @default true
   */
  spaceWrites?: boolean;
  /** Retry 5xx answers and timeouts. @default true */
  retry?: boolean;
  /** Timeout of each request. @default 30000 */
  requestTimeoutMs?: number;
  /** Aborts every request of this client: a deadline for the last words of a cancelled run. */
  signal?: AbortSignal | undefined;
  /** The fetch to send requests with (e.g. through a proxy). @default globalThis.fetch */
  fetch?: typeof globalThis.fetch | undefined;
}): GithubClient {
  return createOctokit({
    auth: options.token,
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    log: (message: string) => options.log(asCancelled(message, options.signal)),
    requestTimeoutMs: options.requestTimeoutMs,
    signal: options.signal,
    fetch: options.fetch,
    retry: options.retry ?? true,
    throttle:
      options.throttle === false
        ? undefined
        : {
            // The plugin's own groups space writes 1 s apart, and writes that notify people
            // 3 s apart; these keep them one at a time, without the pause.
            ...(options.spaceWrites === false
              ? {
                  write: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }),
                  notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }),
                }
              : {}),
            onRateLimit: (retryAfter, request, _octokit, retryCount) => {
              options.log(
                `GitHub rate limit on ${request.method} ${request.url}; retrying after ${retryAfter} s.`,
              );
              return retryCount < 2;
            },
            onSecondaryRateLimit: (retryAfter, request, _octokit, retryCount) => {
              options.log(
                `GitHub secondary rate limit on ${request.method} ${request.url}; retrying after ${retryAfter} s.`,
              );
              return retryCount < 2;
            },
          },
  });
}

/** True for a 401 or 403: the token is refused or lacks a permission (e.g. `checks: write`). */
export function isPermissionError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 403 || status === 401;
}
