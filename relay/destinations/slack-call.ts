import {
  ErrorCode,
  type RetryOptions,
  LogLevel as SlackLogLevel,
  type WebAPICallResult,
  WebClient,
  WebClientEvent,
} from "@slack/web-api";
import { describeError } from "../../src/shared/describe-error.ts";
import {
  type CallOutcome,
  DestinationError,
  type EffectContext,
  neverConnected,
} from "../effects/index.ts";
import type { Logger } from "../logger.ts";
import type { ChannelPacer } from "./channel-pacer.ts";
import { raceSignal } from "./race-signal.ts";

/** Retries inside one attempt; the journal retries whole attempts beyond these. */
const RETRIES = 3;

/** p-retry's hook, which `@slack/web-api` hands its `retryConfig` to. */
type RetryConfig = RetryOptions & { onFailedAttempt?: (error: Error) => void };

const SILENT = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  setLevel: () => undefined,
  getLevel: () => SlackLogLevel.ERROR,
  setName: () => undefined,
};

/** What every call to Slack shares. */
export interface SlackCallOptions {
  readonly token: string;
  readonly apiUrl: string;
  readonly pacer: ChannelPacer;
  readonly logger: Logger;
  /** Timeout of one HTTP request (also bounded by the attempt's deadline). */
  readonly requestTimeoutMs: number;
}

/**
 * One call to Slack's Web API within an attempt: a read, or a write paced per channel. It
 * throws a {@link DestinationError} saying whether Slack acted.
 */
export type SlackCall = <T extends WebAPICallResult>(
  operation: string,
  channel: string,
  context: EffectContext,
  kind: "read" | "write",
  run: (web: WebClient) => Promise<T>,
) => Promise<T>;

/** The `Slack channel C0123 (slack.com)` of logs and errors. */
export function slackWhere(channel: string, host: string): string {
  return `Slack channel ${channel} (${host})`;
}

/** What a failed call did: Slack did not act (a platform error, a 429), or it is unknown. */
export function slackError(
  host: string,
  operation: string,
  error: unknown,
  signal: AbortSignal,
): Error {
  const code = (error as { code?: unknown } | null)?.code;
  let outcome: CallOutcome = "unknown";
  let reason: string;
  let status: number | undefined;
  if (signal.aborted && error === signal.reason) {
    reason = `stopped at the attempt's deadline (${describeError(error)})`;
  } else if (code === ErrorCode.PlatformError) {
    // Slack answered ok: false: it did not act.
    outcome = "not-performed";
    reason = String((error as { data?: { error?: unknown } }).data?.error ?? "platform error");
  } else if (code === ErrorCode.HTTPError) {
    status = Number((error as { statusCode?: unknown }).statusCode);
    reason = `HTTP ${status}`;
  } else if (code === ErrorCode.RateLimitedError || /rate limit/i.test(String(error))) {
    outcome = "not-performed";
    status = 429;
    reason = "rate-limited past the attempt's deadline (429 Retry-After)";
  } else {
    if (neverConnected(error)) outcome = "not-performed";
    reason = describeError(error);
  }
  return new DestinationError(
    { destination: "Slack", host, operation, outcome, reason, ...(status ? { status } : {}) },
    { cause: error },
  );
}

/** One client per call: its retries, timeout and signal belong to this attempt. */
function slackClient(
  options: SlackCallOptions,
  host: string,
  channel: string,
  context: EffectContext,
  kind: "read" | "write",
): WebClient {
  const { logger } = options;
  const remaining = Math.max(1, context.deadline - Date.now());
  let rateLimited = false;
  const retryConfig: RetryConfig = {
    retries: RETRIES,
    factor: 2,
    minTimeout: 200,
    maxTimeout: 2000,
    randomize: true,
    // No retry starts past the attempt's deadline.
    maxRetryTime: remaining,
  };
  if (kind === "write") {
    // A post is repeated only when Slack rate-limited it (and so did not post).
    retryConfig.onFailedAttempt = (error) => {
      if (!rateLimited) throw error;
      rateLimited = false;
    };
  }
  const web = new WebClient(options.token, {
    slackApiUrl: options.apiUrl,
    rejectRateLimitedCalls: false,
    retryConfig,
    // Not bounded by the deadline: the attempt's signal ends the call there, and says so (two
    // timers at one moment would race, and a library timeout reads as another failure).
    timeout: options.requestTimeoutMs,
    logger: SILENT,
    fetch: (url, init) =>
      fetch(url, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, context.signal]) : context.signal,
      }),
  });
  web.on(WebClientEvent.RATE_LIMITED, (seconds: number) => {
    rateLimited = true;
    // The library waits out Retry-After before its retry; later writes to the channel wait too.
    options.pacer.pause(channel, seconds * 1000);
    logger.warn("Slack rate-limited a call; waiting for Retry-After", {
      destination: slackWhere(channel, host),
      retryAfterSeconds: seconds,
    });
  });
  return web;
}

/**
 * Calls through `@slack/web-api`: retries, `Retry-After` waits (on reads and writes) and request
 * timeouts are the library's; each call gets a client of its own whose requests carry the
 * attempt's abort signal and whose retries end by its deadline.
 */
export function createSlackCall(options: SlackCallOptions, host: string): SlackCall {
  return async (operation, channel, context, kind, run) => {
    try {
      // Each channel is paced on its own: a busy route never holds back another channel.
      if (kind === "write") await options.pacer.wait(channel, context.signal);
      return await raceSignal(
        run(slackClient(options, host, channel, context, kind)),
        context.signal,
      );
    } catch (error) {
      throw slackError(host, operation, error, context.signal);
    }
  };
}
