import type { Octokit as CoreOctokit } from "@octokit/core";
import { retry } from "@octokit/plugin-retry";
import { type ThrottlingOptions, throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import { requestDeadline } from "./request-deadline.ts";

/** Octokit with the per-request deadline, and retries and throttling when asked for. */
export type GithubOctokit = InstanceType<typeof Octokit>;

/** How long one GitHub request may take before it is aborted (each retry gets its own). */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Gives every request its own timeout, as an abort signal joined to the caller's and released
 * when the request ends. Registered before the retry plugin, so that it sits inside it: each
 * attempt starts a fresh timeout, and a slow request never eats the time of the requests after
 * it. Hooks share one options object per call (retries included), so the caller's own signal
 * is kept aside the first time.
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

// One class: a client without retries or throttling has the plugins switched off.
const DeadlineOctokit = Octokit.plugin(requestTimeout, retry, throttling);

export interface CreateOctokitOptions {
  /** A token; none for calls that authenticate each request (a GitHub App's JWT). */
  readonly auth?: string | undefined;
  readonly baseUrl: string;
  readonly userAgent: string;
  /** Octokit's warnings and errors. @default silent */
  readonly log?: ((message: string) => void) | undefined;
  /** Timeout of each request (each retry gets its own). @default 30000 */
  readonly requestTimeoutMs?: number | undefined;
  /** Aborts every request of this client. */
  readonly signal?: AbortSignal | undefined;
  /** The fetch to send requests with (e.g. through a proxy). @default globalThis.fetch */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Retry 5xx answers and timeouts (`@octokit/plugin-retry`). @default false */
  readonly retry?: boolean | undefined;
  /** Rate-limit handling (`@octokit/plugin-throttling`); none: switched off. */
  readonly throttle?: Omit<ThrottlingOptions, "enabled"> | undefined;
}

/**
 * The one way this repository builds an Octokit: `GITHUB_API_URL` (GHES and the stand-in
 * included), a deadline on every request, and retries and throttling only for a caller that
 * asks: the Action does; the relay does not, since its journal retries the whole attempt.
 */
export function createOctokit(options: CreateOctokitOptions): GithubOctokit {
  const log = options.log ?? (() => undefined);
  return new DeadlineOctokit({
    ...(options.auth === undefined ? {} : { auth: options.auth }),
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    log: { debug: () => undefined, info: () => undefined, warn: log, error: log },
    requestTimeoutMs: options.requestTimeoutMs,
    request: {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
    retry: { enabled: options.retry ?? false },
    throttle:
      options.throttle === undefined
        ? { enabled: false }
        : ({ enabled: true, ...options.throttle } as ThrottlingOptions),
  }) as unknown as GithubOctokit;
}
