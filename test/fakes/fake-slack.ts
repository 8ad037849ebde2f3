import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./read-body.ts";

/** A message as the fake Slack stores it. */
export interface FakeSlackMessage {
  readonly channel: string;
  readonly ts: string;
  text: string;
  blocks: unknown[] | null;
  readonly threadTs: string | null;
  readonly metadata: { event_type: string; event_payload: Record<string, unknown> } | null;
  /** How many times chat.update changed it. */
  updates: number;
}

/** Decides whether one call fails: a status (429 or 500) or null to answer normally. */
export type SlackFailurePolicy = (method: string, callNumber: number) => 429 | 500 | null;

/**
 * Decides whether one call's answer is held back, in ms, after the call took effect (as when
 * Slack posts but the answer never makes it back in time), or null to answer at once.
 */
export type SlackStallPolicy = (method: string, callNumber: number) => number | null;

export interface FakeSlackOptions {
  /** The token the fake accepts; others get `invalid_auth`. */
  readonly token: string;
  readonly fail?: SlackFailurePolicy;
  readonly stall?: SlackStallPolicy;
  /** Retry-After seconds sent with a 429. @default 1 */
  readonly retryAfterSeconds?: number;
}

/** One call the fake received. */
export interface FakeSlackCall {
  readonly method: string;
  /** The HTTP status answered (0 while a stalled answer is still held back). */
  status: number;
  /** The `error` of an `ok: false` answer. */
  error: string | null;
  /** The call's parameters (for reads: `oldest`, `cursor`, ...). */
  readonly params: Record<string, unknown>;
  /** The answer was held back this long (ms). */
  readonly stalledMs: number;
}

export interface FakeSlack {
  /** The API base to give the client (`SLACK_API_URL`), ending in `/api/`. */
  readonly apiUrl: string;
  readonly messages: FakeSlackMessage[];
  /** Every call received, in order. */
  readonly calls: FakeSlackCall[];
  close(): Promise<void>;
}

/**
 * Slack's documented limits (docs.slack.dev/reference/block-kit/blocks, chat.postMessage,
 * conversations.history), plus the total of block text Slack answers `msg_blocks_too_long` to
 * (about 13,000 characters; seen in practice, not documented).
 */
export const FAKE_SLACK_LIMITS = Object.freeze({
  blocks: 50,
  sectionText: 3000,
  sectionFields: 10,
  sectionFieldText: 2000,
  headerText: 150,
  contextElements: 10,
  textObject: 3000,
  blockId: 255,
  messageText: 40_000,
  messageBlocksText: 13_000,
  historyLimit: 999,
  historyDefaultLimit: 100,
});

function parseParams(body: string, contentType: string | undefined): Record<string, unknown> {
  if (contentType?.includes("application/json")) return JSON.parse(body) as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) params[key] = value;
  return params;
}

function json(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return Symbol.for("invalid");
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A text object: `{type: plain_text | mrkdwn, text}` within `max` characters. */
function textObject(v: unknown, max: number, types = ["plain_text", "mrkdwn"]): boolean {
  return (
    isObject(v) &&
    types.includes(String(v["type"])) &&
    typeof v["text"] === "string" &&
    v["text"].length >= 1 &&
    v["text"].length <= max
  );
}

/** The characters of text in a block (its text objects). */
function textLength(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + textLength(v), 0);
  if (!isObject(value)) return 0;
  let n = typeof value["text"] === "string" ? value["text"].length : 0;
  for (const [key, v] of Object.entries(value))
    if (key !== "text" || isObject(v)) n += textLength(v);
  return n;
}

/** Why Block Kit refuses these blocks (`invalid_blocks`, `msg_blocks_too_long`), or null. */
function checkBlocks(blocks: unknown): string | null {
  const L = FAKE_SLACK_LIMITS;
  if (!Array.isArray(blocks) || blocks.length > L.blocks) return "invalid_blocks";
  let total = 0;
  for (const block of blocks) {
    if (!isObject(block)) return "invalid_blocks";
    if (block["block_id"] !== undefined && String(block["block_id"]).length > L.blockId) {
      return "invalid_blocks";
    }
    const text = block["text"];
    switch (block["type"]) {
      case "header":
        if (!textObject(text, L.headerText, ["plain_text"])) return "invalid_blocks";
        break;
      case "section": {
        const fields = block["fields"];
        if (text === undefined && fields === undefined) return "invalid_blocks";
        if (text !== undefined && !textObject(text, L.sectionText)) return "invalid_blocks";
        if (
          fields !== undefined &&
          (!Array.isArray(fields) ||
            fields.length > L.sectionFields ||
            !fields.every((f) => textObject(f, L.sectionFieldText)))
        ) {
          return "invalid_blocks";
        }
        break;
      }
      case "context": {
        const elements = block["elements"];
        if (
          !Array.isArray(elements) ||
          elements.length === 0 ||
          elements.length > L.contextElements ||
          !elements.every((e) => textObject(e, L.textObject))
        ) {
          return "invalid_blocks";
        }
        break;
      }
      case "divider":
        break;
      default:
        return "invalid_blocks";
    }
    total += textLength(block);
  }
  return total > L.messageBlocksText ? "msg_blocks_too_long" : null;
}

/** Why a message's `text`/`blocks` are refused, or null. */
function checkContent(p: Record<string, unknown>): string | null {
  const text = p["text"];
  const blocks = json(p["blocks"]);
  if (blocks === Symbol.for("invalid")) return "invalid_blocks";
  if ((text === undefined || text === "") && blocks === undefined) return "no_text";
  if (typeof text === "string" && text.length > FAKE_SLACK_LIMITS.messageText) {
    return "msg_too_long";
  }
  return blocks === undefined ? null : checkBlocks(blocks);
}

/** `{event_type, event_payload}` with a non-empty type and an object payload, or an error. */
function checkMetadata(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  const metadata = json(raw);
  if (metadata === undefined) return { ok: true, value: null };
  if (
    !isObject(metadata) ||
    typeof metadata["event_type"] !== "string" ||
    !/^[A-Za-z0-9_.-]{1,255}$/.test(metadata["event_type"]) ||
    !isObject(metadata["event_payload"])
  ) {
    return { ok: false };
  }
  return { ok: true, value: metadata };
}

const tsNumber = (ts: string) => Number(ts);
const flag = (v: unknown) => v === true || v === "true" || v === "1" || v === 1;

/** One page of `items` after `cursor` (an offset, opaque to the client), `limit` long. */
function page<T>(items: readonly T[], p: Record<string, unknown>) {
  const limit = Math.min(
    FAKE_SLACK_LIMITS.historyLimit,
    Math.max(1, Number(p["limit"] ?? FAKE_SLACK_LIMITS.historyDefaultLimit) || 1),
  );
  const offset =
    typeof p["cursor"] === "string" && p["cursor"] !== ""
      ? Number(
          Buffer.from(p["cursor"], "base64")
            .toString("utf8")
            .replace(/^offset:/, ""),
        )
      : 0;
  const slice = items.slice(offset, offset + limit);
  const more = offset + limit < items.length;
  return {
    slice,
    has_more: more,
    next_cursor: more ? Buffer.from(`offset:${offset + limit}`).toString("base64") : "",
  };
}

/**
 * A loopback Slack Web API: `chat.postMessage`, `chat.update`, `conversations.history` and
 * `conversations.replies`, answering like Slack (HTTP 200 with `ok`, 429 with Retry-After) and
 * enforcing its rules: Block Kit limits, the `text` limit, the metadata shape, `oldest`/
 * `latest` bounds and cursor pagination. Failures are injected before any effect, as a real
 * 429 or 500 would be; a stall holds an answer back after the call took effect.
 */
export async function startFakeSlack(options: FakeSlackOptions): Promise<FakeSlack> {
  const messages: FakeSlackMessage[] = [];
  const calls: FakeSlackCall[] = [];
  // Slack's ts: seconds and microseconds of its clock, unique in a channel.
  let lastMicros = 0;
  const nextTs = () => {
    lastMicros = Math.max(Date.now() * 1000, lastMicros + 1);
    return `${Math.floor(lastMicros / 1e6)}.${String(lastMicros % 1e6).padStart(6, "0")}`;
  };
  const perMethod = new Map<string, number>();

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const method = (req.url ?? "").replace(/^\/api\//, "").split("?")[0] ?? "";
    const n = (perMethod.get(method) ?? 0) + 1;
    perMethod.set(method, n);
    let p: Record<string, unknown> = {};
    try {
      p = parseParams(body, req.headers["content-type"]);
    } catch {
      p = {};
    }
    const failure = options.fail?.(method, n) ?? null;
    const stalledMs = failure === null ? (options.stall?.(method, n) ?? 0) : 0;
    const call: FakeSlackCall = { method, status: 0, error: null, params: p, stalledMs };
    calls.push(call);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      const answer = (r: ServerResponse) => {
        call.status = status;
        const error = (payload as { ok?: boolean; error?: string }).error;
        call.error = (payload as { ok?: boolean }).ok === false ? (error ?? "unknown") : null;
        if (r.destroyed) return;
        r.writeHead(status, { "content-type": "application/json", ...headers });
        r.end(JSON.stringify(payload));
      };
      if (call.stalledMs > 0 && status === 200) setTimeout(() => answer(res), call.stalledMs);
      else answer(res);
    };
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      send(200, { ok: false, error: "invalid_auth" });
      return;
    }
    if (failure === 429) {
      send(
        429,
        { ok: false, error: "ratelimited" },
        { "retry-after": String(options.retryAfterSeconds ?? 1) },
      );
      return;
    }
    if (failure === 500) {
      send(500, { ok: false, error: "internal_error" });
      return;
    }
    const channel = String(p["channel"] ?? "");
    if (channel === "") {
      send(200, { ok: false, error: "channel_not_found" });
      return;
    }
    if (method === "chat.postMessage") {
      const refused = checkContent(p);
      const metadata = checkMetadata(p["metadata"]);
      if (refused !== null || !metadata.ok) {
        send(200, { ok: false, error: refused ?? "invalid_metadata_format" });
        return;
      }
      const threadTs = p["thread_ts"] === undefined ? null : String(p["thread_ts"]);
      // A malformed thread_ts is refused; a well-formed one Slack takes as it is.
      if (threadTs !== null && !/^\d+\.\d+$/.test(threadTs)) {
        send(200, { ok: false, error: "invalid_thread_ts" });
        return;
      }
      const ts = nextTs();
      const message: FakeSlackMessage = {
        channel,
        ts,
        text: String(p["text"] ?? ""),
        blocks: (json(p["blocks"]) as unknown[] | undefined) ?? null,
        threadTs,
        metadata: metadata.value as FakeSlackMessage["metadata"],
        updates: 0,
      };
      messages.push(message);
      send(200, { ok: true, channel, ts, message: { text: message.text, ts } });
      return;
    }
    if (method === "chat.update") {
      const message = messages.find((m) => m.channel === channel && m.ts === String(p["ts"]));
      if (message === undefined) {
        send(200, { ok: false, error: "message_not_found" });
        return;
      }
      const refused = checkContent(p);
      if (refused !== null) {
        send(200, { ok: false, error: refused });
        return;
      }
      message.text = String(p["text"] ?? "");
      message.blocks = (json(p["blocks"]) as unknown[] | undefined) ?? null;
      message.updates += 1;
      send(200, { ok: true, channel, ts: message.ts, text: message.text });
      return;
    }
    const withMetadata = flag(p["include_all_metadata"]);
    const inclusive = flag(p["inclusive"]);
    const oldest = p["oldest"] === undefined ? 0 : Number(p["oldest"]);
    const latest = p["latest"] === undefined ? Number.POSITIVE_INFINITY : Number(p["latest"]);
    const within = (m: FakeSlackMessage) => {
      const t = tsNumber(m.ts);
      return inclusive ? t >= oldest && t <= latest : t > oldest && t < latest;
    };
    const view = (m: FakeSlackMessage) => ({
      type: "message",
      ts: m.ts,
      text: m.text,
      ...(m.threadTs === null ? {} : { thread_ts: m.threadTs }),
      ...(withMetadata && m.metadata !== null ? { metadata: m.metadata } : {}),
    });
    if (method === "conversations.history") {
      // Newest first; thread replies are not part of the channel's history.
      const top = messages
        .filter((m) => m.channel === channel && m.threadTs === null && within(m))
        .reverse();
      const { slice, has_more, next_cursor } = page(top, p);
      send(200, {
        ok: true,
        messages: slice.map(view),
        has_more,
        response_metadata: { next_cursor },
      });
      return;
    }
    if (method === "conversations.replies") {
      const ts = String(p["ts"] ?? "");
      const parent = messages.find((m) => m.channel === channel && m.ts === ts);
      if (parent === undefined) {
        send(200, { ok: false, error: "thread_not_found" });
        return;
      }
      // The parent first, then its replies, oldest first.
      const thread = [
        parent,
        ...messages.filter((m) => m.channel === channel && m.threadTs === ts && within(m)),
      ];
      const { slice, has_more, next_cursor } = page(thread, p);
      send(200, {
        ok: true,
        messages: slice.map(view),
        has_more,
        response_metadata: { next_cursor },
      });
      return;
    }
    send(200, { ok: false, error: "unknown_method" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    messages,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
