// @ts-nocheck
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "./fake-slack.ts";

const TOKEN = "xoxb-fake-slack-test";
let slack: FakeSlack;
let failNext: (429 | 500)[] = [];
beforeEach(async () => {
  failNext = [];
  slack = await startFakeSlack({ token: TOKEN, fail: () => failNext.shift() ?? null });
});
afterEach(async () => {
  await slack.close();
});

/** Calls a method as @slack/web-api does: form-encoded, objects as JSON. */
async function call(method: string, params: Record<string, unknown>, token = TOKEN) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    body.set(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  const res = await fetch(`${slack.apiUrl}${method}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: Slack's answers, read loosely
  const json: any = await res.json();
  return { status: res.status, retryAfter: res.headers.get("retry-after"), json };
}

const section = (text: string) => ({ type: "section", text: { type: "mrkdwn", text } });

describe("startFakeSlack", () => {
  it.each([
    {
      name: "a wrong token",
      params: { channel: "C01", text: "x" },
      token: "xoxb-other",
      error: "invalid_auth",
    },
    { name: "no channel", params: { text: "x" }, error: "channel_not_found" },
    { name: "neither text nor blocks", params: { channel: "C01" }, error: "no_text" },
    {
      name: "text over 40,000",
      params: { channel: "C01", text: "x".repeat(40_001) },
      error: "msg_too_long",
    },
    {
      name: "51 blocks",
      params: { channel: "C01", blocks: Array.from({ length: 51 }, () => ({ type: "divider" })) },
      error: "invalid_blocks",
    },
    {
      name: "a section of 3,001 characters",
      params: { channel: "C01", blocks: [section("x".repeat(3001))] },
      error: "invalid_blocks",
    },
    {
      name: "a header of 151 characters",
      params: {
        channel: "C01",
        blocks: [{ type: "header", text: { type: "plain_text", text: "x".repeat(151) } }],
      },
      error: "invalid_blocks",
    },
    {
      name: "a mrkdwn header",
      params: { channel: "C01", blocks: [{ type: "header", text: { type: "mrkdwn", text: "x" } }] },
      error: "invalid_blocks",
    },
    {
      name: "more than 13,000 characters of blocks",
      params: {
        channel: "C01",
        blocks: Array.from({ length: 5 }, () => section("x".repeat(2900))),
      },
      error: "msg_blocks_too_long",
    },
    {
      name: "metadata without event_payload",
      params: { channel: "C01", text: "x", metadata: { event_type: "a_b" } },
      error: "invalid_metadata_format",
    },
    {
      name: "metadata whose event_type is not a word",
      params: { channel: "C01", text: "x", metadata: { event_type: "a b", event_payload: {} } },
      error: "invalid_metadata_format",
    },
    {
      name: "a malformed thread_ts",
      params: { channel: "C01", text: "x", thread_ts: "yesterday" },
      error: "invalid_thread_ts",
    },
  ])("chat.postMessage refuses $name like Slack ($error)", async ({ params, token, error }) => {
    const res = await call("chat.postMessage", params, token);
    expect(res).toMatchObject({ status: 200, json: { ok: false, error } });
    expect(slack.messages).toEqual([]);
  });

  it("answers a 429 with Retry-After and performs nothing", async () => {
    failNext = [429];
    const res = await call("chat.postMessage", { channel: "C01", text: "x" });
    expect(res).toMatchObject({ status: 429, retryAfter: "1" });
    expect(slack.messages).toEqual([]);
  });

  it("conversations.history: newest first, from `oldest`, metadata on request, in cursor pages", async () => {
    const posted: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call("chat.postMessage", {
        channel: "C01",
        text: `m${i}`,
        metadata: { event_type: "t", event_payload: { i } },
      });
      posted.push(res.json.ts);
    }
    const first = await call("conversations.history", {
      channel: "C01",
      limit: "2",
      oldest: posted[0] as string,
      include_all_metadata: "true",
    });
    expect(first.json.messages.map((m: { text: string }) => m.text)).toEqual(["m4", "m3"]);
    expect(first.json.messages[0].metadata).toEqual({ event_type: "t", event_payload: { i: 4 } });
    expect(first.json.has_more).toBe(true);
    const second = await call("conversations.history", {
      channel: "C01",
      limit: "2",
      oldest: posted[0] as string,
      cursor: first.json.response_metadata.next_cursor,
    });
    expect(second.json.messages.map((m: { text: string }) => m.text)).toEqual(["m2", "m1"]);
    expect(second.json.messages[0].metadata).toBeUndefined();
    expect(second.json.response_metadata.next_cursor).toBe("");
  });

  it("conversations.replies: the parent, then its replies; thread_not_found for no parent", async () => {
    const parent = (await call("chat.postMessage", { channel: "C01", text: "p" })).json.ts;
    await call("chat.postMessage", { channel: "C01", text: "r", thread_ts: parent });
    const thread = await call("conversations.replies", { channel: "C01", ts: parent });
    expect(thread.json.messages.map((m: { text: string }) => m.text)).toEqual(["p", "r"]);
    expect(
      (await call("conversations.history", { channel: "C01" })).json.messages.map(
        (m: { text: string }) => m.text,
      ),
    ).toEqual(["p"]);
    expect((await call("conversations.replies", { channel: "C01", ts: "1.000001" })).json).toEqual({
      ok: false,
      error: "thread_not_found",
    });
  });
});
