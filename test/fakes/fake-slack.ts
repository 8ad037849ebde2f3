import { createServer } from "node:http";
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

export interface FakeSlackOptions {
  /** The token the fake accepts; others get `invalid_auth`. */
  readonly token: string;
  readonly fail?: SlackFailurePolicy;
  /** Retry-After seconds sent with a 429. @default 1 */
  readonly retryAfterSeconds?: number;
}

export interface FakeSlack {
  /** The API base to give the client (`SLACK_API_URL`), ending in `/api/`. */
  readonly apiUrl: string;
  readonly messages: FakeSlackMessage[];
  /** Every call received, in order: method and the HTTP status answered. */
  readonly calls: { method: string; status: number }[];
  close(): Promise<void>;
}

function parseParams(body: string, contentType: string | undefined): Record<string, unknown> {
  if (contentType?.includes("application/json")) return JSON.parse(body) as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) params[key] = value;
  return params;
}

function json<T>(value: unknown): T | null {
  if (value === undefined || value === null || value === "") return null;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * A loopback Slack Web API: `chat.postMessage`, `chat.update`, `conversations.history` and
 * `conversations.replies`, answering like Slack (HTTP 200 with `ok`, 429 with Retry-After).
 * Failures are injected before any effect, as a real 429 or 500 would be.
 */
export async function startFakeSlack(options: FakeSlackOptions): Promise<FakeSlack> {
  const messages: FakeSlackMessage[] = [];
  const calls: { method: string; status: number }[] = [];
  let clock = 1_700_000_000;
  let counter = 0;
  const perMethod = new Map<string, number>();

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const method = (req.url ?? "").replace(/^\/api\//, "").split("?")[0] ?? "";
    const n = (perMethod.get(method) ?? 0) + 1;
    perMethod.set(method, n);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      calls.push({ method, status });
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      send(200, { ok: false, error: "invalid_auth" });
      return;
    }
    const failure = options.fail?.(method, n) ?? null;
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
    const p = parseParams(body, req.headers["content-type"]);
    const channel = String(p["channel"] ?? "");
    if (method === "chat.postMessage") {
      counter += 1;
      const ts = `${clock + counter}.${String(counter).padStart(6, "0")}`;
      const message: FakeSlackMessage = {
        channel,
        ts,
        text: String(p["text"] ?? ""),
        blocks: json<unknown[]>(p["blocks"]),
        threadTs: p["thread_ts"] === undefined ? null : String(p["thread_ts"]),
        metadata: json(p["metadata"]),
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
      message.text = String(p["text"] ?? "");
      message.blocks = json<unknown[]>(p["blocks"]);
      message.updates += 1;
      send(200, { ok: true, channel, ts: message.ts, text: message.text });
      return;
    }
    const withMetadata = p["include_all_metadata"] === "true" || p["include_all_metadata"] === true;
    const view = (m: FakeSlackMessage) => ({
      type: "message",
      ts: m.ts,
      text: m.text,
      ...(m.threadTs === null ? {} : { thread_ts: m.threadTs }),
      ...(withMetadata && m.metadata !== null ? { metadata: m.metadata } : {}),
    });
    if (method === "conversations.history") {
      const top = messages.filter((m) => m.channel === channel && m.threadTs === null).reverse();
      send(200, {
        ok: true,
        messages: top.map(view),
        has_more: false,
        response_metadata: { next_cursor: "" },
      });
      return;
    }
    if (method === "conversations.replies") {
      const ts = String(p["ts"]);
      const thread = messages.filter(
        (m) => m.channel === channel && (m.ts === ts || m.threadTs === ts),
      );
      send(200, {
        ok: true,
        messages: thread.map(view),
        has_more: false,
        response_metadata: { next_cursor: "" },
      });
      return;
    }
    send(200, { ok: false, error: "unknown_method" });
  });
  clock = Math.floor(Date.now() / 1000);
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
