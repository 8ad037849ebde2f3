import { EMULATED_BOT, type RecordedSlackMessage } from "./slack-recorder-types.ts";

/** A message as Slack's API shows it, with its thread fields and, when asked, its metadata. */
export function slackMessageView(
  messages: readonly RecordedSlackMessage[],
  m: RecordedSlackMessage,
  withMetadata: boolean,
) {
  const replies = messages.filter((r) => r.threadTs === m.ts);
  return {
    type: "message",
    user: EMULATED_BOT.userId,
    bot_id: EMULATED_BOT.botId,
    app_id: EMULATED_BOT.appId,
    team: EMULATED_BOT.teamId,
    text: m.text,
    ts: m.ts,
    ...(m.blocks === null ? {} : { blocks: m.blocks }),
    ...(m.threadTs !== null ? { thread_ts: m.threadTs, parent_user_id: EMULATED_BOT.userId } : {}),
    ...(replies.length > 0
      ? {
          thread_ts: m.ts,
          reply_count: replies.length,
          reply_users_count: 1,
          reply_users: [EMULATED_BOT.userId],
          latest_reply: replies.at(-1)!.ts,
        }
      : {}),
    ...(m.editedTs === null ? {} : { edited: { user: EMULATED_BOT.userId, ts: m.editedTs } }),
    ...(withMetadata && m.metadata !== null ? { metadata: m.metadata } : {}),
  };
}
