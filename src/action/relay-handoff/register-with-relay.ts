import pRetry, { AbortError } from "p-retry";
import { parseRetryAfter, sleep } from "../../api/index.ts";
import { relayIdempotencyKey } from "./relay-idempotency-key.ts";

/** The body the relay's `POST /links` accepts. */
export interface RelayLink {
  readonly submissionId: string;
  /** `owner/repo`. */
  readonly repository: string;
  readonly sha: string;
  readonly pullRequest?: number | undefined;
  /** The commit status context the relay will finish. */
  readonly context?: string;
  readonly assetCount?: number;
  readonly failOn?: string;
  /** The pull request author's login: the relay mentions them in Slack when the review fails. */
  readonly author?: string;
}

/** The relay refused or could not be reached. The message never carries the token. */
export class RelayRegistrationError extends Error {
  override name = "RelayRegistrationError";
  readonly status: number | undefined;
  /** The relay's `Retry-After`, in seconds, when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    options: {
      status?: number | undefined;
      retryAfterSeconds?: number | undefined;
      cause?: unknown;
    },
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * How registration retries (policy as data, for p-retry): three attempts in all, backing off
 * exponentially with jitter (1–2 s, then 2–4 s). A `Retry-After` on 429 or 503 is honoured up to
 * `maxRetryAfterSeconds`; a relay asking for longer is not waited for.
 */
export const RELAY_RETRY_POLICY = Object.freeze({
  retries: 2,
  minTimeout: 1000,
  factor: 2,
  maxTimeout: 10_000,
  randomize: true,
  maxRetryAfterSeconds: 30,
});

/** Statuses worth another attempt besides 5xx: the relay is busy, not refusing. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429]);
/** Statuses whose `Retry-After` is honoured. */
const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * Registers a submission with the relay (`POST {relayUrl}/links`, bearer token), so that the
 * relay finishes the commit status when the service's webhook arrives (`wait: false`).
 * A 5xx, 408, 429 or network failure is retried with backoff ({@link RELAY_RETRY_POLICY}); every
 * attempt carries the same `Idempotency-Key` ({@link relayIdempotencyKey}), so the relay records
 * the link once however often it arrives.
 */
export async function registerWithRelay(options: {
  relayUrl: string;
  relayToken: string;
  link: RelayLink;
  signal?: AbortSignal | undefined;
  fetch?: typeof globalThis.fetch;
  /** A W3C `traceparent` the relay continues: its spans for the submission join this trace. */
  traceparent?: string | undefined;
}): Promise<void> {
  const url = new URL(
    "links",
    options.relayUrl.endsWith("/") ? options.relayUrl : `${options.relayUrl}/`,
  );
  const doFetch = options.fetch ?? globalThis.fetch;
  const signal = options.signal;
  // An sf-string, as the IETF draft "The Idempotency-Key HTTP Header Field" defines the value.
  const idempotencyKey = `"${relayIdempotencyKey(options.link)}"`;

  const attempt = async (): Promise<void> => {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${options.relayToken}`,
          "content-type": "application/json",
          "idempotency-key": idempotencyKey,
          ...(options.traceparent === undefined ? {} : { traceparent: options.traceparent }),
        },
        body: JSON.stringify(options.link),
        signal: signal ?? null,
      });
      await response.arrayBuffer();
    } catch (error) {
      if (signal?.aborted) throw new AbortError(error as Error);
      throw new RelayRegistrationError(
        `The relay at ${url.origin} could not be reached: ${(error as Error).message}.`,
        { cause: error },
      );
    }
    if (response.ok) return;
    const status = response.status;
    const failure = new RelayRegistrationError(
      `The relay at ${url.origin} answered HTTP ${status} to POST /links.${status === 401 || status === 403 ? " Check relay-token." : ""}`,
      {
        status,
        retryAfterSeconds: RETRY_AFTER_STATUSES.has(status)
          ? parseRetryAfter(response.headers.get("retry-after"), Date.now())
          : undefined,
      },
    );
    if (status < 500 && !RETRY_STATUSES.has(status)) throw new AbortError(failure);
    throw failure;
  };

  const { maxRetryAfterSeconds, ...backoff } = RELAY_RETRY_POLICY;
  await pRetry(attempt, {
    ...backoff,
    ...(signal === undefined ? {} : { signal }),
    onFailedAttempt: async ({ error, retriesLeft, retryDelay }) => {
      const asked = (error as RelayRegistrationError).retryAfterSeconds;
      if (retriesLeft === 0 || asked === undefined) return;
      if (asked > maxRetryAfterSeconds) {
        throw new RelayRegistrationError(
          `${error.message} It asked to retry after ${asked} s, longer than the ${maxRetryAfterSeconds} s this step waits; re-run the job later.`,
          {
            status: (error as RelayRegistrationError).status,
            retryAfterSeconds: asked,
            cause: error,
          },
        );
      }
      // p-retry waits `retryDelay` next; wait the rest of what the relay asked for first.
      if (asked * 1000 > retryDelay) await sleep(asked * 1000 - retryDelay, signal);
    },
  });
}
