import {
  type ChatPostMessageArguments,
  ErrorCode,
  type RetryOptions,
  LogLevel as SlackLogLevel,
  type WebAPICallResult,
  WebClient,
  WebClientEvent,
} from "@slack/web-api";
import { describeError } from "../../src/shared/describe-error.ts";
import { mentionOf } from "../config/slack-mentions.ts";
import { routeChannel, type SlackRoute } from "../config/slack-routes.ts";
import { type EffectJournal, type EffectScope, storableKey } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import { type EffectContext, type OnceResult, performOnce } from "../processing/perform-once.ts";
import { traceEffect } from "../tracing/trace-effect.ts";
import type { ChannelPacer } from "./channel-pacer.ts";
import { type CallOutcome, DestinationError, hostOf, neverConnected } from "./destination-error.ts";
import { raceSignal } from "./race-signal.ts";
import type { SlackMessage } from "./render-slack-message.ts";

export interface SlackRelay {
  /** Where the relay posts, for logs: `Slack channel C0123 (slack.com)`. */
  readonly destination: string;
  /** The channel of a repository's submissions (`SLACK_ROUTES`), or of unlinked ones. */
  channelFor(repository: string | null): string;
  /** The Slack member id mapped to a GitHub login (`SLACK_MENTIONS`), or null. */
  mentionFor(login: string | null): string | null;
  /**
   * Posts the submission's parent message once (in `channel`, by default `SLACK_CHANNEL`), or
   * updates it in place (unless `updateExisting` is false); returns its `ts`.
   */
  upsertParent(
    submissionId: string,
    message: SlackMessage,
    context: EffectContext,
    options?: { updateExisting?: boolean; channel?: string },
  ): Promise<string>;
  /**
   * Posts a reply in the parent's thread (in the parent's `channel`) once: the reply of one
   * journal entry, or the one named by `replyKey` (unique among the relay's replies).
   */
  replyOnce(
    submissionId: string,
    parentTs: string,
    text: string,
    context: EffectContext,
    options?: { channel?: string; replyKey?: string },
  ): Promise<void>;
}

export interface SlackRelayOptions {
  readonly token: string;
  /** The channel of submissions no route matches, and of unlinked ones. */
  readonly channel: string;
  /** `SLACK_ROUTES`: the first route matching a linked submission's repository wins. @default [] */
  readonly routes?: readonly SlackRoute[];
  /** `SLACK_MENTIONS`: lower-case GitHub login to Slack member id. @default none */
  readonly mentions?: ReadonlyMap<string, string>;
  /** @default "https://slack.com/api/" */
  readonly apiUrl: string;
  readonly pacer: ChannelPacer;
  readonly effects: EffectJournal;
  readonly logger: Logger;
  /** Timeout of one HTTP request (also bounded by the attempt's deadline). @default 10000 */
  readonly requestTimeoutMs?: number;
}

const PARENT_TYPE = "content_review_submission";
const REPLY_TYPE = "content_review_asset_failed";
/** Slack's clock and ours may differ: look this far before an entry's receipt. */
const CLOCK_SKEW_MS = 5 * 60_000;
const HISTORY_PAGE = 200;
/** Retries inside one attempt; the journal retries whole attempts beyond these. */
const RETRIES = 3;

interface Metadata {
  event_type?: string;
  event_payload?: Record<string, unknown>;
}

interface HistoryMessage {
  ts?: string;
  metadata?: Metadata;
}

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

/**
 * Relays to Slack through `@slack/web-api`, each post exactly once. Retries, `Retry-After`
 * waits (on reads and writes) and request timeouts are the library's; each attempt gets clients
 * of its own whose requests carry the attempt's abort signal and whose retries end by its
 * deadline. Writes are retried by the library only after a 429 (Slack did not post); any other
 * failure of a post is left to the journal, which looks the message up before posting again.
 */
export function createSlackRelay(options: SlackRelayOptions): SlackRelay {
  const { logger } = options;
  const routes = options.routes ?? [];
  const mentions = options.mentions ?? new Map<string, string>();
  const host = hostOf(options.apiUrl);
  const destination =
    routes.length === 0
      ? `Slack channel ${options.channel} (${host})`
      : `Slack channel ${options.channel} and ${routes.length} route${routes.length === 1 ? "" : "s"} (${host})`;
  const where = (channel: string) => `Slack channel ${channel} (${host})`;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;

  /** One client per call: its retries, timeout and signal belong to this attempt. */
  function client(channel: string, context: EffectContext, kind: "read" | "write") {
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
      timeout: requestTimeoutMs,
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
        destination: where(channel),
        retryAfterSeconds: seconds,
      });
    });
    return web;
  }

  async function call<T extends WebAPICallResult>(
    operation: string,
    channel: string,
    context: EffectContext,
    kind: "read" | "write",
    run: (web: WebClient) => Promise<T>,
  ): Promise<T> {
    try {
      // Each channel is paced on its own: a busy route never holds back another channel.
      if (kind === "write") await options.pacer.wait(channel, context.signal);
      return await raceSignal(run(client(channel, context, kind)), context.signal);
    } catch (error) {
      throw slackError(operation, error, context.signal);
    }
  }

  function slackError(operation: string, error: unknown, signal: AbortSignal): Error {
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

  // Metadata carries ids through the journal's escape: Slack's JSON would turn a lone
  // surrogate into U+FFFD and refuse U+0000, so that two submissions could share one parent.
  const matches = (m: HistoryMessage, type: string, key: string, value: string) =>
    m.metadata?.event_type === type && m.metadata.event_payload?.[key] === storableKey(value);

  /** Pages of `conversations.history` (or `.replies`) since `since`, until `found` says stop. */
  async function search(
    operation: "conversations.history" | "conversations.replies",
    channel: string,
    context: EffectContext,
    since: number,
    extra: Record<string, string>,
    found: (m: HistoryMessage) => boolean,
  ): Promise<HistoryMessage | undefined> {
    const oldest = (Math.max(0, since - CLOCK_SKEW_MS) / 1000).toFixed(6);
    let cursor: string | undefined;
    for (;;) {
      const args = {
        channel,
        oldest,
        include_all_metadata: true,
        limit: HISTORY_PAGE,
        ...extra,
        ...(cursor === undefined ? {} : { cursor }),
      };
      const page = await call(operation, channel, context, "read", (web) =>
        operation === "conversations.history"
          ? web.conversations.history(args)
          : web.conversations.replies({ ...args, ts: String(extra["ts"]) }),
      );
      const hit = ((page.messages ?? []) as HistoryMessage[]).find(found);
      if (hit !== undefined) return hit;
      cursor = page.response_metadata?.next_cursor || undefined;
      if (cursor === undefined) return undefined;
    }
  }

  /** Posts one message at most once (the effect `key`), looking it up after an unknown outcome. */
  function postOnce(
    channel: string,
    key: string,
    scope: EffectScope,
    context: EffectContext,
    lookup: (since: number) => Promise<HistoryMessage | undefined>,
    post: ChatPostMessageArguments,
  ): Promise<OnceResult> {
    return performOnce({
      effects: options.effects,
      logger,
      key,
      scope,
      context,
      destination: where(channel),
      find: async (since) => (await lookup(since))?.ts,
      perform: async () => {
        const posted = await call("chat.postMessage", channel, context, "write", (web) =>
          web.chat.postMessage(post),
        );
        if (typeof posted.ts === "string") return posted.ts;
        throw new DestinationError({
          destination: "Slack",
          host,
          operation: "chat.postMessage",
          outcome: "unknown",
          reason: "the answer has no ts",
        });
      },
    });
  }

  return {
    destination,
    channelFor: (repository) => routeChannel(routes, repository, options.channel),
    mentionFor: (login) => mentionOf(mentions, login),
    async upsertParent(submissionId, message, context, upsert = {}) {
      const channel = upsert.channel ?? options.channel;
      const once = await postOnce(
        channel,
        `slack-parent:${submissionId}`,
        { submissionId, entryId: null, since: context.receivedAt },
        context,
        (since) =>
          search("conversations.history", channel, context, since, {}, (m) =>
            matches(m, PARENT_TYPE, "submission_id", submissionId),
          ),
        {
          channel,
          text: message.text,
          blocks: message.blocks,
          unfurl_links: false,
          metadata: {
            event_type: PARENT_TYPE,
            event_payload: { submission_id: storableKey(submissionId) },
          },
        },
      );
      const ts = once.value as string;
      if (once.how !== "performed" && upsert.updateExisting !== false) {
        // Updates set the whole message: repeating one is harmless.
        await traceEffect(
          context.trace,
          "slack-update",
          () =>
            call("chat.update", channel, context, "write", (web) =>
              web.chat.update({ channel, ts, text: message.text, blocks: message.blocks }),
            ),
          () => "performed",
        );
        logger.debug("effect", {
          effect: `slack-update:${submissionId}`,
          destination: where(channel),
        });
      }
      return ts;
    },

    async replyOnce(submissionId, parentTs, text, context, reply = {}) {
      const channel = reply.channel ?? options.channel;
      const replyKey = reply.replyKey ?? context.entryId;
      // A named reply belongs to the whole submission (posted once, whichever entry gets there
      // first): it lives as long as the submission's state, not with the entry that posted it.
      const entryId = reply.replyKey === undefined ? context.entryId : null;
      await postOnce(
        channel,
        `slack-reply:${replyKey}`,
        { submissionId, entryId, since: context.receivedAt },
        context,
        (since) =>
          search("conversations.replies", channel, context, since, { ts: parentTs }, (m) =>
            matches(m, REPLY_TYPE, "reply_key", replyKey),
          ),
        {
          channel,
          thread_ts: parentTs,
          text,
          unfurl_links: false,
          metadata: {
            event_type: REPLY_TYPE,
            event_payload: {
              submission_id: storableKey(submissionId),
              reply_key: storableKey(replyKey),
            },
          },
        },
      );
    },
  };
}
