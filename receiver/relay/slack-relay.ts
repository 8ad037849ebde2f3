import { ErrorCode, LogLevel as SlackLogLevel, WebClient } from "@slack/web-api";
import type { EffectRecord } from "../journal/index.ts";
import type { ChannelPacer } from "./channel-pacer.ts";
import type { SlackMessage } from "./render-slack-message.ts";

/** The effects table, as the Slack relay needs it. */
export interface EffectStore {
  getEffect(key: string): Promise<EffectRecord | null>;
  setEffect(key: string, effect: EffectRecord): Promise<void>;
}

export interface SlackRelay {
  /**
   * Posts the submission's parent message, or updates it in place (unless `updateExisting`
   * is false); returns its `ts`.
   */
  upsertParent(
    submissionId: string,
    message: SlackMessage,
    options?: { updateExisting?: boolean },
  ): Promise<string>;
  /** Posts one reply in the parent's thread, once per `replyKey`. */
  replyOnce(submissionId: string, parentTs: string, replyKey: string, text: string): Promise<void>;
}

export interface SlackRelayOptions {
  readonly token: string;
  readonly channel: string;
  /** @default "https://slack.com/api/" */
  readonly apiUrl: string;
  readonly pacer: ChannelPacer;
  readonly effects: EffectStore;
  /** Longest single Retry-After wait inside one attempt; longer ones fail the attempt. @default 30000 */
  readonly maxRateLimitWaitMs?: number;
}

const PARENT_TYPE = "content_review_submission";
const REPLY_TYPE = "content_review_asset_failed";
const RATE_LIMIT_TRIES = 4;
const HISTORY_PAGES = 5;

interface Metadata {
  event_type?: string;
  event_payload?: Record<string, unknown>;
}

interface HistoryMessage {
  ts?: string;
  metadata?: Metadata;
}

/** Retry-After in ms; a missing or odd header counts as one second. */
function retryAfterMs(error: { retryAfter: number }): number {
  const seconds = Number(error.retryAfter);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000;
}

function isRateLimited(error: unknown): error is { retryAfter: number } {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === ErrorCode.RateLimitedError
  );
}

/**
 * Relays to Slack through `@slack/web-api`, once per effect. Before a post that cannot be
 * repeated the relay records that it started; the `ts` is recorded as soon as Slack answers.
 * A retry that finds a started but unfinished post looks for the message by its metadata
 * before posting again, so a crash between Slack's answer and the record posts nothing twice.
 */
export function createSlackRelay(options: SlackRelayOptions): SlackRelay {
  const client = new WebClient(options.token, {
    slackApiUrl: options.apiUrl,
    // 429s are handled here so the pacer knows; other failures retry through the journal.
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
    logLevel: SlackLogLevel.ERROR,
    logger: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      setLevel: () => undefined,
      getLevel: () => SlackLogLevel.ERROR,
      setName: () => undefined,
    },
  });
  const channel = options.channel;
  const maxWait = options.maxRateLimitWaitMs ?? 30_000;

  async function write<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      await options.pacer.wait(channel);
      try {
        return await call();
      } catch (error) {
        if (!isRateLimited(error) || attempt >= RATE_LIMIT_TRIES) throw error;
        const waitMs = retryAfterMs(error);
        if (waitMs > maxWait) throw error;
        options.pacer.pause(channel, waitMs);
      }
    }
  }

  async function read<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        if (!isRateLimited(error) || attempt >= RATE_LIMIT_TRIES) throw error;
        await new Promise((r) => setTimeout(r, Math.min(maxWait, retryAfterMs(error))));
      }
    }
  }

  function matches(message: HistoryMessage, type: string, key: string, value: string): boolean {
    return message.metadata?.event_type === type && message.metadata.event_payload?.[key] === value;
  }

  async function findParent(submissionId: string): Promise<string | null> {
    let cursor: string | undefined;
    for (let page = 0; page < HISTORY_PAGES; page += 1) {
      const result = await read(() =>
        client.conversations.history({ channel, include_all_metadata: true, limit: 200, cursor }),
      );
      const messages = (result.messages ?? []) as HistoryMessage[];
      const found = messages.find((m) => matches(m, PARENT_TYPE, "submission_id", submissionId));
      if (found?.ts !== undefined) return found.ts;
      cursor = result.response_metadata?.next_cursor || undefined;
      if (cursor === undefined) return null;
    }
    return null;
  }

  async function findReply(parentTs: string, replyKey: string): Promise<boolean> {
    let cursor: string | undefined;
    for (let page = 0; page < HISTORY_PAGES; page += 1) {
      const result = await read(() =>
        client.conversations.replies({
          channel,
          ts: parentTs,
          include_all_metadata: true,
          limit: 200,
          cursor,
        }),
      );
      const messages = (result.messages ?? []) as HistoryMessage[];
      if (messages.some((m) => matches(m, REPLY_TYPE, "reply_key", replyKey))) return true;
      cursor = result.response_metadata?.next_cursor || undefined;
      if (cursor === undefined) return false;
    }
    return false;
  }

  return {
    async upsertParent(submissionId, message, upsert = {}) {
      const key = `slack-parent:${submissionId}`;
      const effect = await options.effects.getEffect(key);
      let ts = effect?.state === "done" ? effect.value : null;
      if (ts === null && effect?.state === "started") ts = await findParent(submissionId);
      if (ts !== null) {
        if (effect?.state !== "done")
          await options.effects.setEffect(key, { state: "done", value: ts });
        if (upsert.updateExisting !== false) {
          const existing = ts;
          await write(() =>
            client.chat.update({
              channel,
              ts: existing,
              text: message.text,
              blocks: message.blocks,
            }),
          );
        }
        return ts;
      }
      await options.effects.setEffect(key, { state: "started", value: null });
      const posted = await write(() =>
        client.chat.postMessage({
          channel,
          text: message.text,
          blocks: message.blocks,
          unfurl_links: false,
          metadata: { event_type: PARENT_TYPE, event_payload: { submission_id: submissionId } },
        }),
      );
      if (typeof posted.ts !== "string")
        throw new Error("Slack answered chat.postMessage without a ts");
      await options.effects.setEffect(key, { state: "done", value: posted.ts });
      return posted.ts;
    },

    async replyOnce(submissionId, parentTs, replyKey, text) {
      const key = `slack-reply:${replyKey}`;
      const effect = await options.effects.getEffect(key);
      if (effect?.state === "done") return;
      if (effect?.state === "started" && (await findReply(parentTs, replyKey))) {
        await options.effects.setEffect(key, { state: "done", value: null });
        return;
      }
      await options.effects.setEffect(key, { state: "started", value: null });
      await write(() =>
        client.chat.postMessage({
          channel,
          thread_ts: parentTs,
          text,
          unfurl_links: false,
          metadata: {
            event_type: REPLY_TYPE,
            event_payload: { submission_id: submissionId, reply_key: replyKey },
          },
        }),
      );
      await options.effects.setEffect(key, { state: "done", value: null });
    },
  };
}
