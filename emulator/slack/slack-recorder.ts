import { SLACK_METHODS, type SlackStore } from "./slack-methods.ts";
import type {
  Params,
  RecordedSlackCall,
  RecordedSlackMessage,
  SlackAnswer,
} from "./slack-recorder-types.ts";
import { fail, TOKEN } from "./slack-rules.ts";

export {
  EMULATED_BOT,
  type RecordedSlackCall,
  type RecordedSlackMessage,
  type SlackAnswer,
} from "./slack-recorder-types.ts";

export interface SlackRecorderOptions {
  /** The clock of `ts` and of the call log. @default the system clock */
  readonly now?: () => Date;
  /** The one token accepted; by default any token of the shape of a bot, user or app token. */
  readonly token?: string;
}

/** A fresh, strictly increasing `seconds.micros` timestamp, as Slack's `ts` is. */
function tsClock(now: () => Date): () => string {
  let lastMicros = 0;
  return () => {
    lastMicros = Math.max(lastMicros + 1, now().getTime() * 1000);
    return `${Math.floor(lastMicros / 1e6)}.${String(lastMicros % 1e6).padStart(6, "0")}`;
  };
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
  const store: SlackStore = { messages: [], nextTs: tsClock(now) };
  const calls: RecordedSlackCall[] = [];

  const answer = (method: string, token: string | undefined, params: Params): SlackAnswer => {
    const handler = Object.hasOwn(SLACK_METHODS, method) ? SLACK_METHODS[method] : undefined;
    if (handler === undefined) return fail("unknown_method", { req_method: method });
    if (token === undefined || token === "") return fail("not_authed");
    if (!accepts(token)) return fail("invalid_auth");
    return handler(store, params);
  };

  return {
    messages: store.messages as readonly RecordedSlackMessage[],
    calls: calls as readonly RecordedSlackCall[],
    /** Answers one Web API call. `token` comes from `Authorization: Bearer` or the `token` field. */
    call(method: string, token: string | undefined, params: Params): SlackAnswer {
      const result = answer(method, token, params);
      calls.push({
        method,
        ok: result.body.ok === true,
        error: typeof result.body.error === "string" ? result.body.error : null,
        at: now().toISOString(),
      });
      return result;
    },
    /** Forgets every message and call. */
    clear() {
      store.messages.length = 0;
      calls.length = 0;
    },
  };
}

/** A recording Slack of one emulator. */
export type SlackRecorder = ReturnType<typeof createSlackRecorder>;
