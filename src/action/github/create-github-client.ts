import type { Octokit as CoreOctokit } from "@octokit/core";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import Bottleneck from "bottleneck/light.js";
import { requestDeadline } from "../../api/index.ts";

/** Octokit with retries and rate-limit handling, as the Action uses it. */
export type GithubClient = InstanceType<typeof Octokit>;

/** How long one GitHub request may take before it is aborted (each retry gets its own). */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Gives every request its own timeout, as an abort signal joined to the caller's and released
 * when the request ends. Registered
 * before the retry plugin, so that it sits inside it: each attempt starts a fresh timeout, and a
 * slow request never eats the time of the requests after it. Hooks share one options object
 * per call (retries included), so the caller's own signal is kept aside the first time.
 */
function requestTimeout(octokit: CoreOctokit, options: Record<string, unknown>) {
  const ms = (options["requestTimeoutMs"] as number | undefined) ?? GITHUB_REQUEST_TIMEOUT_MS;
  const callerSignals = new WeakMap<object, AbortSignal | undefined>();
  octokit.hook.wrap("request", (request, endpoint) => {
    if (!callerSignals.has(endpoint))
      callerSignals.set(endpoint, endpoint.request?.signal as AbortSignal | undefined);
    const given = callerSignals.get(endpoint);
    // Not AbortSignal.any + AbortSignal.timeout: Node keeps those alive until the timer fires,
    // 30 s of signals and timers for every request (see requestDeadline).
    const deadline = requestDeadline(ms, given);
    endpoint.request = { ...endpoint.request, signal: deadline.signal };
    return Promise.resolve(request(endpoint))
      .catch((error: unknown) => {
        // Octokit reports an aborted fetch as a 500, which the retry plugin would retry for
        // seconds after a cancelled run's SIGINT, past the runner's grace. The caller's own
        // abort ends the request: its reason carries no response, so it is never retried.
        if (given?.aborted) throw given.reason instanceof Error ? given.reason : error;
        throw error;
      })
      .finally(deadline.release);
  });
}

const ActionOctokit = Octokit.plugin(requestTimeout, retry, throttling);

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
  return new ActionOctokit({
    auth: options.token,
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    log: {
      debug: () => {},
      info: () => {},
      warn: options.log,
      error: (message: string) => options.log(asCancelled(message, options.signal)),
    },
    requestTimeoutMs: options.requestTimeoutMs,
    request: {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
    retry: { enabled: options.retry ?? true },
    throttle: {
      enabled: options.throttle ?? true,
      // The plugin's own groups space writes 1 s apart, and writes that notify people 3 s apart;
      // these keep them one at a time, without the pause.
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
  }) as unknown as GithubClient;
}

/** True for a 401 or 403: the token is refused or lacks a permission (e.g. `checks: write`). */
export function isPermissionError(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  return status === 403 || status === 401;
}
