// @ts-nocheck
import { MAX_MESSAGE_TEXT, validateBlocks } from "./validate-blocks.ts";

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

/** Bot, user and app tokens look like this; anything else is `invalid_auth`. */
const TOKEN = /^xox[abpe]-[A-Za-z0-9-]+$/;
/** Channel, group and DM ids (C…, G…, D…); names are not resolved by the recorder. */
const CHANNEL_ID = /^[CGD][A-Z0-9]{2,}$/;
const TS = /^\d{10}\.\d{6}$/;
const MAX_HISTORY_LIMIT = 999;
const DEFAULT_HISTORY_LIMIT = 100;

type Params = Readonly<Record<string, unknown>>;

export interface SlackRecorderOptions {
  /** The clock of `ts` and of the call log. @default the system clock */
  readonly now?: () => Date;
  /** The one token accepted; by default any token of the shape of a bot, user or app token. */
  readonly token?: string;
}

/** Slack's rule for `metadata.event_type`: a word of letters, digits, `_`, `.` and `-`. */
const EVENT_TYPE = /^[A-Za-z0-9_.-]{1,255}$/;
/** A `thread_ts` Slack can read; any other is `invalid_thread_ts`. */
const THREAD_TS = /^\d+\.\d+$/;

function fail(error: string, extra: Record<string, unknown> = {}): SlackAnswer {
  return { status: 200, body: { ok: false, error, ...extra } };
}

function ok(body: Record<string, unknown>): SlackAnswer {
  return { status: 200, body: { ok: true, ...body } };
}

function bool(value: unknown): boolean {
  return value === true || value === "true" || value === "1" || value === 1;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return Symbol.for("invalid");
  }
}

/**
 * A recording Slack Web API for offline rehearsal: `auth.test`, `chat.postMessage`,
 * `chat.update`, `conversations.history` and `conversations.replies`, with Slack's response
 * shapes, errors (HTTP 200 with `ok: false`), Block Kit limits, message metadata, and cursor
 * pagination. Messages stay in memory.
 */
export function createSlackRecorder(options: SlackRecorderOptions = {}) {
  const now = options.now ?? (() => new Date());
  const accepts = (token: string) =>
    options.token === undefined ? TOKEN.test(token) : token === options.token;
  const messages: RecordedSlackMessage[] = [];
  const calls: RecordedSlackCall[] = [];
  let lastMicros = 0;

  /** A fresh, strictly increasing `seconds.micros` timestamp, as Slack's `ts` is. */
  const nextTs = () => {
    lastMicros = Math.max(lastMicros + 1, now().getTime() * 1000);
    return `${Math.floor(lastMicros / 1e6)}.${String(lastMicros % 1e6).padStart(6, "0")}`;
  };

  const view = (m: RecordedSlackMessage, withMetadata: boolean) => {
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
      ...(m.threadTs !== null
        ? { thread_ts: m.threadTs, parent_user_id: EMULATED_BOT.userId }
        : {}),
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
  };

  /**
   * Text and blocks of postMessage and update, checked as Slack does. `chat.update` keeps the
   * blocks it is not sent (`previous`); an empty array removes them.
   */
  const content = (p: Params, previous: RecordedSlackMessage | null = null) => {
    const text = p.text === undefined ? undefined : String(p.text);
    let blocks: unknown[] | null = previous?.blocks ?? null;
    if (p.blocks !== undefined && p.blocks !== "") {
      const checked = validateBlocks(p.blocks);
      if ("error" in checked) {
        return fail(checked.error, { response_metadata: { messages: [checked.message] } });
      }
      blocks = checked.blocks.length === 0 && previous !== null ? null : checked.blocks;
    }
    if ((text === undefined || text === "") && blocks === null && p.attachments === undefined) {
      return fail("no_text");
    }
    if (text !== undefined && text.length > MAX_MESSAGE_TEXT) return fail("msg_too_long");
    return { text: text ?? "", blocks };
  };

  const page = (items: RecordedSlackMessage[], p: Params, withMetadata: boolean) => {
    const limit = p.limit === undefined ? DEFAULT_HISTORY_LIMIT : Number(p.limit);
    if (!Number.isInteger(limit) || limit < 1) return fail("invalid_limit");
    let offset = 0;
    if (p.cursor !== undefined && p.cursor !== "") {
      const decoded = /^offset:(\d+)$/.exec(Buffer.from(String(p.cursor), "base64").toString());
      if (decoded === null) return fail("invalid_cursor");
      offset = Number(decoded[1]);
    }
    const size = Math.min(limit, MAX_HISTORY_LIMIT);
    const slice = items.slice(offset, offset + size);
    const more = offset + size < items.length;
    return ok({
      messages: slice.map((m) => view(m, withMetadata)),
      has_more: more,
      response_metadata: {
        next_cursor: more ? Buffer.from(`offset:${offset + size}`).toString("base64") : "",
      },
    });
  };

  /** Keeps the messages whose ts lies within `oldest`/`latest` (exclusive unless `inclusive`). */
  const window = (items: RecordedSlackMessage[], p: Params) => {
    const inclusive = bool(p.inclusive);
    const oldest = p.oldest === undefined ? null : Number(p.oldest);
    const latest = p.latest === undefined ? null : Number(p.latest);
    if (oldest !== null && Number.isNaN(oldest)) return fail("invalid_ts_oldest");
    if (latest !== null && Number.isNaN(latest)) return fail("invalid_ts_latest");
    return items.filter((m) => {
      const ts = Number(m.ts);
      if (oldest !== null && (inclusive ? ts < oldest : ts <= oldest)) return false;
      if (latest !== null && (inclusive ? ts > latest : ts >= latest)) return false;
      return true;
    });
  };

  const methods: Record<string, (p: Params) => SlackAnswer> = {
    "auth.test": () =>
      ok({
        url: "https://content-review-emulator.slack.com/",
        team: EMULATED_BOT.team,
        user: EMULATED_BOT.user,
        team_id: EMULATED_BOT.teamId,
        user_id: EMULATED_BOT.userId,
        bot_id: EMULATED_BOT.botId,
        is_enterprise_install: false,
      }),

    "chat.postMessage": (p) => {
      const channel = String(p.channel ?? "");
      if (!CHANNEL_ID.test(channel)) return fail("channel_not_found");
      const checked = content(p);
      if ("status" in checked) return checked;
      let metadata: RecordedSlackMessage["metadata"] = null;
      if (p.metadata !== undefined && p.metadata !== "") {
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
        metadata = {
          event_type: m.event_type,
          event_payload: m.event_payload as Record<string, unknown>,
        };
      }
      let threadTs: string | null = null;
      if (p.thread_ts !== undefined && p.thread_ts !== "") {
        if (!THREAD_TS.test(String(p.thread_ts))) return fail("invalid_thread_ts");
        const parent = messages.find((m) => m.channel === channel && m.ts === String(p.thread_ts));
        if (parent === undefined) return fail("thread_not_found");
        // A reply to a reply joins the parent's thread, as in Slack.
        threadTs = parent.threadTs ?? parent.ts;
      }
      const message: RecordedSlackMessage = {
        channel,
        ts: nextTs(),
        text: checked.text,
        blocks: checked.blocks,
        threadTs,
        metadata,
        editedTs: null,
        history: [],
      };
      messages.push(message);
      return ok({ channel, ts: message.ts, message: view(message, true) });
    },

    "chat.update": (p) => {
      const channel = String(p.channel ?? "");
      if (!CHANNEL_ID.test(channel)) return fail("channel_not_found");
      const message = messages.find((m) => m.channel === channel && m.ts === String(p.ts ?? ""));
      if (message === undefined) return fail("message_not_found");
      const checked = content(p, message);
      if ("status" in checked) return checked;
      message.history.push({ text: message.text, blocks: message.blocks });
      message.text = checked.text;
      message.blocks = checked.blocks;
      message.editedTs = nextTs();
      return ok({ channel, ts: message.ts, text: message.text, message: view(message, true) });
    },

    "conversations.history": (p) => {
      const channel = String(p.channel ?? "");
      if (!CHANNEL_ID.test(channel)) return fail("channel_not_found");
      const top = messages.filter((m) => m.channel === channel && m.threadTs === null);
      const inWindow = window(top, p);
      if (!Array.isArray(inWindow)) return inWindow;
      // Newest first, as Slack lists a channel.
      return page([...inWindow].reverse(), p, bool(p.include_all_metadata));
    },

    "conversations.replies": (p) => {
      const channel = String(p.channel ?? "");
      if (!CHANNEL_ID.test(channel)) return fail("channel_not_found");
      const ts = String(p.ts ?? "");
      if (!TS.test(ts)) return fail("thread_not_found");
      const parent = messages.find((m) => m.channel === channel && m.ts === ts);
      if (parent === undefined) return fail("thread_not_found");
      const root = parent.threadTs ?? parent.ts;
      const thread = messages.filter(
        (m) => m.channel === channel && (m.ts === root || m.threadTs === root),
      );
      const inWindow = window(thread, p);
      if (!Array.isArray(inWindow)) return inWindow;
      // The parent first, then its replies oldest first.
      return page(inWindow, p, bool(p.include_all_metadata));
    },
  };

  return {
    messages: messages as readonly RecordedSlackMessage[],
    calls: calls as readonly RecordedSlackCall[],
    /** Answers one Web API call. `token` comes from `Authorization: Bearer` or the `token` field. */
    call(method: string, token: string | undefined, params: Params): SlackAnswer {
      let answer: SlackAnswer;
      const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (handler === undefined) answer = fail("unknown_method", { req_method: method });
      else if (token === undefined || token === "") answer = fail("not_authed");
      else if (!accepts(token)) answer = fail("invalid_auth");
      else answer = handler(params);
      calls.push({
        method,
        ok: answer.body.ok === true,
        error: typeof answer.body.error === "string" ? answer.body.error : null,
        at: now().toISOString(),
      });
      return answer;
    },
    /** Forgets every message and call. */
    clear() {
      messages.length = 0;
      calls.length = 0;
    },
  };
}

/** A recording Slack of one emulator. */
export type SlackRecorder = ReturnType<typeof createSlackRecorder>;
