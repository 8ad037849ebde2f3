import { mentionOf, routeChannel, type SlackRoute } from "../config/index.ts";
import { type EffectContext, hostOf } from "../effects/index.ts";
import { type EffectJournal, storableKey } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { ChannelPacer } from "./channel-pacer.ts";
import type { SlackMessage } from "./render-slack-message.ts";
import { createSlackCall } from "./slack-call.ts";
import { createSlackLookups, PARENT_TYPE, REPLY_TYPE } from "./slack-lookups.ts";
import { createSlackPoster } from "./slack-poster.ts";

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

/**
 * Relays to Slack through `@slack/web-api`, each post exactly once. Retries, `Retry-After`
 * waits (on reads and writes) and request timeouts are the library's; each attempt gets clients
 * of its own whose requests carry the attempt's abort signal and whose retries end by its
 * deadline. Writes are retried by the library only after a 429 (Slack did not post); any other
 * failure of a post is left to the journal, which looks the message up before posting again.
 */
export function createSlackRelay(options: SlackRelayOptions): SlackRelay {
  const routes = options.routes ?? [];
  const mentions = options.mentions ?? new Map<string, string>();
  const host = hostOf(options.apiUrl);
  const destination =
    routes.length === 0
      ? `Slack channel ${options.channel} (${host})`
      : `Slack channel ${options.channel} and ${routes.length} route${routes.length === 1 ? "" : "s"} (${host})`;
  const call = createSlackCall(
    { ...options, requestTimeoutMs: options.requestTimeoutMs ?? 10_000 },
    host,
  );
  const lookups = createSlackLookups(call);
  const poster = createSlackPoster({
    effects: options.effects,
    logger: options.logger,
    call,
    host,
  });

  return {
    destination,
    channelFor: (repository) => routeChannel(routes, repository, options.channel),
    mentionFor: (login) => mentionOf(mentions, login),
    async upsertParent(submissionId, message, context, upsert = {}) {
      const channel = upsert.channel ?? options.channel;
      const once = await poster.postOnce(
        channel,
        `slack-parent:${submissionId}`,
        { submissionId, entryId: null, since: context.receivedAt },
        context,
        (since) => lookups.findParent(channel, context, since, submissionId),
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
        await poster.update(channel, ts, message, context, submissionId);
      }
      return ts;
    },

    async replyOnce(submissionId, parentTs, text, context, reply = {}) {
      const channel = reply.channel ?? options.channel;
      const replyKey = reply.replyKey ?? context.entryId;
      // A named reply belongs to the whole submission (posted once, whichever entry gets there
      // first): it lives as long as the submission's state, not with the entry that posted it.
      const entryId = reply.replyKey === undefined ? context.entryId : null;
      await poster.postOnce(
        channel,
        `slack-reply:${replyKey}`,
        { submissionId, entryId, since: context.receivedAt },
        context,
        (since) => lookups.findReply(channel, context, since, parentTs, replyKey),
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
