import type { ChatPostMessageArguments } from "@slack/web-api";
import {
  DestinationError,
  type EffectContext,
  type OnceResult,
  performOnce,
} from "../effects/index.ts";
import type { EffectJournal, EffectScope } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import { traceEffect } from "../tracing/index.ts";
import type { SlackMessage } from "./render-slack-message.ts";
import { type SlackCall, slackWhere } from "./slack-call.ts";
import type { HistoryMessage } from "./slack-lookups.ts";

/** Slack's writes: a post made at most once, and an update made again at will. */
export interface SlackPoster {
  /** Posts one message at most once (the effect `key`), looking it up after an unknown outcome. */
  postOnce(
    channel: string,
    key: string,
    scope: EffectScope,
    context: EffectContext,
    lookup: (since: number) => Promise<HistoryMessage | undefined>,
    post: ChatPostMessageArguments,
  ): Promise<OnceResult>;
  /** Sets the whole message `ts` (repeating an update is harmless). */
  update(
    channel: string,
    ts: string,
    message: SlackMessage,
    context: EffectContext,
    submissionId: string,
  ): Promise<void>;
}

/** The posting half of the Slack relay, each post claimed once in the journal's effects. */
export function createSlackPoster(deps: {
  readonly effects: EffectJournal;
  readonly logger: Logger;
  readonly call: SlackCall;
  readonly host: string;
}): SlackPoster {
  const { call, host, logger } = deps;
  return {
    postOnce: (channel, key, scope, context, lookup, post) =>
      performOnce({
        effects: deps.effects,
        logger,
        key,
        scope,
        context,
        destination: slackWhere(channel, host),
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
      }),
    async update(channel, ts, message, context, submissionId) {
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
        destination: slackWhere(channel, host),
      });
    },
  };
}
