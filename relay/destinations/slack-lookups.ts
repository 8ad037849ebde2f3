import type { EffectContext } from "../effects/index.ts";
import { storableKey } from "../journal/index.ts";
import type { SlackCall } from "./slack-call.ts";

/** The metadata type of a submission's parent message, and of the relay's replies. */
export const PARENT_TYPE = "content_review_submission";
export const REPLY_TYPE = "content_review_asset_failed";
/** Slack's clock and ours may differ: look this far before an entry's receipt. */
const CLOCK_SKEW_MS = 5 * 60_000;
const HISTORY_PAGE = 200;

interface Metadata {
  event_type?: string;
  event_payload?: Record<string, unknown>;
}

/** A message as a look-up reads it: its `ts` and the metadata the relay posted it with. */
export interface HistoryMessage {
  ts?: string;
  metadata?: Metadata;
}

// Metadata carries ids through the journal's escape: Slack's JSON would turn a lone
// surrogate into U+FFFD and refuse U+0000, so that two submissions could share one parent.
const matches = (m: HistoryMessage, type: string, key: string, value: string) =>
  m.metadata?.event_type === type && m.metadata.event_payload?.[key] === storableKey(value);

/** Where a post whose outcome is unknown is looked for before it is made again. */
export interface SlackLookups {
  /** The submission's parent message in `channel`, posted since `since`. */
  findParent(
    channel: string,
    context: EffectContext,
    since: number,
    submissionId: string,
  ): Promise<HistoryMessage | undefined>;
  /** The reply named `replyKey` in the parent's thread, posted since `since`. */
  findReply(
    channel: string,
    context: EffectContext,
    since: number,
    parentTs: string,
    replyKey: string,
  ): Promise<HistoryMessage | undefined>;
}

/** Look-ups by the metadata the relay posts with, paging through Slack's history. */
export function createSlackLookups(call: SlackCall): SlackLookups {
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
  return {
    findParent: (channel, context, since, submissionId) =>
      search("conversations.history", channel, context, since, {}, (m) =>
        matches(m, PARENT_TYPE, "submission_id", submissionId),
      ),
    findReply: (channel, context, since, parentTs, replyKey) =>
      search("conversations.replies", channel, context, since, { ts: parentTs }, (m) =>
        matches(m, REPLY_TYPE, "reply_key", replyKey),
      ),
  };
}
