import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createSlackRecorder,
  type RecordedSlackMessage,
} from "../../emulator/slack/slack-recorder.ts";
import { readBody } from "./read-body.ts";

/** A message as the fake Slack stores it: the emulator's recording Slack keeps it. */
export type FakeSlackMessage = RecordedSlackMessage;

/** Decides whether one call fails: a status (429 or 500) or null to answer normally. */
export type SlackFailurePolicy = (method: string, callNumber: number) => 429 | 500 | null;

/**
 * Decides whether one call's answer is held back, in ms, after the call took effect (as when
 * Slack posts but the answer never makes it back in time), or null to answer at once.
 */
export type SlackStallPolicy = (method: string, callNumber: number) => number | null;

/**
 * Decides whether one call is applied late, in ms after it arrived, or null to apply it at
 * once. A late call gets no answer at all (the caller times out, as when Slack is slow), and
 * takes effect afterwards: the post a caller believes lost, that a lookup too early misses.
 */
export type SlackLateApplyPolicy = (method: string, callNumber: number) => number | null;

export interface FakeSlackOptions {
  /** The token the fake accepts; others get `invalid_auth`. */
  readonly token: string;
  readonly fail?: SlackFailurePolicy;
  readonly stall?: SlackStallPolicy;
  readonly lateApply?: SlackLateApplyPolicy;
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
  /** Applied this long after it arrived, unanswered (ms); 0 when applied at once. */
  readonly lateMs: number;
}

export interface FakeSlack {
  /** The API base to give the client (`SLACK_API_URL`), ending in `/api/`. */
  readonly apiUrl: string;
  readonly messages: readonly FakeSlackMessage[];
  /** Every call received, in order. */
  readonly calls: FakeSlackCall[];
  /** Resolves once every call received so far that is applied late has taken effect. */
  lateApplied(): Promise<void>;
  close(): Promise<void>;
}

function parseParams(body: string, contentType: string | undefined): Record<string, unknown> {
  if (contentType?.includes("application/json")) return JSON.parse(body) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * A loopback Slack Web API for the relay's tests: the emulator's recording Slack (Slack's
 * answers and rules: Block Kit limits, the `text` limit, the metadata shape, threads, `oldest`/
 * `latest` bounds, cursor pagination) behind a server that can also fail, stall and apply late.
 * Failures are injected before any effect, as a real 429 (with Retry-After) or 500 would be; a
 * stall holds an answer back after the call took effect; a late call is never answered and
 * takes effect afterwards.
 */
export async function startFakeSlack(options: FakeSlackOptions): Promise<FakeSlack> {
  const slack = createSlackRecorder({ token: options.token });
  const calls: FakeSlackCall[] = [];
  const perMethod = new Map<string, number>();
  const lateTimers = new Set<NodeJS.Timeout>();
  const lateCalls: Promise<void>[] = [];

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const method = (req.url ?? "").replace(/^\/api\//, "").split("?")[0] ?? "";
    const n = (perMethod.get(method) ?? 0) + 1;
    perMethod.set(method, n);
    let params: Record<string, unknown> = {};
    try {
      params = parseParams(body, req.headers["content-type"]);
    } catch {
      params = {};
    }
    const failure = options.fail?.(method, n) ?? null;
    const stalledMs = failure === null ? (options.stall?.(method, n) ?? 0) : 0;
    const lateMs = failure === null ? (options.lateApply?.(method, n) ?? 0) : 0;
    const call: FakeSlackCall = { method, status: 0, error: null, params, stalledMs, lateMs };
    calls.push(call);
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (lateMs > 0) {
      // No answer: the caller gives up; the call takes effect later all the same.
      lateCalls.push(
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            lateTimers.delete(timer);
            slack.call(method, token, params);
            resolve();
          }, lateMs);
          lateTimers.add(timer);
        }),
      );
      return;
    }
    const send = (status: number, payload: Record<string, unknown>, headers = {}) => {
      const answer = (r: ServerResponse) => {
        call.status = status;
        call.error = payload.ok === false ? String(payload.error ?? "unknown") : null;
        if (r.destroyed) return;
        r.writeHead(status, { "content-type": "application/json", ...headers });
        r.end(JSON.stringify(payload));
      };
      if (stalledMs > 0 && status === 200) setTimeout(() => answer(res), stalledMs);
      else answer(res);
    };
    if (failure === 429) {
      const retryAfter = String(options.retryAfterSeconds ?? 1);
      send(429, { ok: false, error: "ratelimited" }, { "retry-after": retryAfter });
      return;
    }
    if (failure === 500) {
      send(500, { ok: false, error: "internal_error" });
      return;
    }
    const answer = slack.call(method, token, params);
    send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    messages: slack.messages,
    calls,
    lateApplied: async () => {
      await Promise.all(lateCalls);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of lateTimers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
