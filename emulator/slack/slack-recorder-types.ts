/** A message as the recording Slack keeps it. */
export interface RecordedSlackMessage {
  readonly channel: string;
  readonly ts: string;
  text: string;
  blocks: unknown[] | null;
  /** The parent's `ts` for a reply in a thread; null for a top-level message. */
  readonly threadTs: string | null;
  readonly metadata: { event_type: string; event_payload: Record<string, unknown> } | null;
  /** `ts` of the last `chat.update`, or null. */
  editedTs: string | null;
  /** Every update, oldest first: what the message said before each `chat.update`. */
  readonly history: { text: string; blocks: unknown[] | null }[];
}

/** One call of the Web API, as `GET /_emulator/slack/messages` lists it. */
export interface RecordedSlackCall {
  readonly method: string;
  readonly ok: boolean;
  readonly error: string | null;
  readonly at: string;
}

/** What a method answers: Slack answers HTTP 200 with `ok` for success and for errors. */
export interface SlackAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** The bot the recorder answers as (`auth.test`, and the author of posted messages). */
export const EMULATED_BOT = Object.freeze({
  teamId: "T0EMULATOR",
  team: "Content Review Emulator",
  userId: "U0EMULATOR",
  user: "content-review-bot",
  botId: "B0EMULATOR",
  appId: "A0EMULATOR",
});

export type Params = Readonly<Record<string, unknown>>;
