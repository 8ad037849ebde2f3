import { slackHistoryPage, slackTsWindow } from "./slack-history-page.ts";
import { slackMessageContent } from "./slack-message-content.ts";
import { slackMessageView } from "./slack-message-view.ts";
import {
  EMULATED_BOT,
  type Params,
  type RecordedSlackMessage,
  type SlackAnswer,
} from "./slack-recorder-types.ts";
import { bool, CHANNEL_ID, EVENT_TYPE, fail, ok, parseJson, THREAD_TS, TS } from "./slack-rules.ts";

/** What the methods read and write: the recorder's messages and its `ts` clock. */
export interface SlackStore {
  readonly messages: RecordedSlackMessage[];
  readonly nextTs: () => string;
}

type Method = (store: SlackStore, p: Params) => SlackAnswer;

const authTest: Method = () =>
  ok({
    url: "https://content-review-emulator.slack.com/",
    team: EMULATED_BOT.team,
    user: EMULATED_BOT.user,
    team_id: EMULATED_BOT.teamId,
    user_id: EMULATED_BOT.userId,
    bot_id: EMULATED_BOT.botId,
    is_enterprise_install: false,
  });

/** `metadata` as Slack checks it: absent, or an event type word and an object payload. */
function readMetadata(p: Params): RecordedSlackMessage["metadata"] | SlackAnswer {
  if (p.metadata === undefined || p.metadata === "") return null;
  const m = parseJson(p.metadata) as { event_type?: unknown; event_payload?: unknown };
  if (
    typeof m !== "object" ||
    m === null ||
    typeof m.event_type !== "string" ||
    !EVENT_TYPE.test(m.event_type) ||
    typeof m.event_payload !== "object" ||
    m.event_payload === null ||
    Array.isArray(m.event_payload)
  ) {
    return fail("invalid_metadata_format");
  }
  return { event_type: m.event_type, event_payload: m.event_payload as Record<string, unknown> };
}

/** The thread a reply joins: a reply to a reply joins the parent's thread, as in Slack. */
function readThread(store: SlackStore, channel: string, p: Params): string | null | SlackAnswer {
  if (p.thread_ts === undefined || p.thread_ts === "") return null;
  if (!THREAD_TS.test(String(p.thread_ts))) return fail("invalid_thread_ts");
  const parent = store.messages.find((m) => m.channel === channel && m.ts === String(p.thread_ts));
  if (parent === undefined) return fail("thread_not_found");
  return parent.threadTs ?? parent.ts;
}

const isAnswer = (value: unknown): value is SlackAnswer =>
  typeof value === "object" && value !== null && "status" in value && "body" in value;

const postMessage: Method = (store, p) => {
  const channel = String(p.channel ?? "");
  if (!CHANNEL_ID.test(channel)) return fail("channel_not_found");
  const checked = slackMessageContent(p);
  if ("status" in checked) return checked;
  const metadata = readMetadata(p);
  if (isAnswer(metadata)) return metadata;
  const threadTs = readThread(store, channel, p);
  if (isAnswer(threadTs)) return threadTs;
  const message: RecordedSlackMessage = {
    channel,
    ts: store.nextTs(),
    text: checked.text,
    blocks: checked.blocks,
    threadTs,
    metadata,
    editedTs: null,
    history: [],
  };
  store.messages.push(message);
  return ok({ channel, ts: message.ts, message: slackMessageView(store.messages, message, true) });
};

const update: Method = (store, p) => {
  const channel = String(p.channel ?? "");
  if (!CHANNEL_ID.test(channel)) return fail("channel_not_found");
  const message = store.messages.find((m) => m.channel === channel && m.ts === String(p.ts ?? ""));
  if (message === undefined) return fail("message_not_found");
  const checked = slackMessageContent(p, message);
  if ("status" in checked) return checked;
  message.history.push({ text: message.text, blocks: message.blocks });
  message.text = checked.text;
  message.blocks = checked.blocks;
  message.editedTs = store.nextTs();
  const view = slackMessageView(store.messages, message, true);
  return ok({ channel, ts: message.ts, text: message.text, message: view });
};

const history: Method = (store, p) => {
  const channel = String(p.channel ?? "");
  if (!CHANNEL_ID.test(channel)) return fail("channel_not_found");
  const top = store.messages.filter((m) => m.channel === channel && m.threadTs === null);
  const inWindow = slackTsWindow(top, p);
  if (!Array.isArray(inWindow)) return inWindow;
  // Newest first, as Slack lists a channel.
  return slackHistoryPage(store.messages, [...inWindow].reverse(), p, bool(p.include_all_metadata));
};

const replies: Method = (store, p) => {
  const channel = String(p.channel ?? "");
  if (!CHANNEL_ID.test(channel)) return fail("channel_not_found");
  const ts = String(p.ts ?? "");
  if (!TS.test(ts)) return fail("thread_not_found");
  const parent = store.messages.find((m) => m.channel === channel && m.ts === ts);
  if (parent === undefined) return fail("thread_not_found");
  const root = parent.threadTs ?? parent.ts;
  const thread = store.messages.filter(
    (m) => m.channel === channel && (m.ts === root || m.threadTs === root),
  );
  const inWindow = slackTsWindow(thread, p);
  if (!Array.isArray(inWindow)) return inWindow;
  // The parent first, then its replies oldest first.
  return slackHistoryPage(store.messages, inWindow, p, bool(p.include_all_metadata));
};

/** The Web API methods the recorder answers, by name. */
export const SLACK_METHODS: Readonly<Record<string, Method>> = Object.freeze({
  "auth.test": authTest,
  "chat.postMessage": postMessage,
  "chat.update": update,
  "conversations.history": history,
  "conversations.replies": replies,
});
