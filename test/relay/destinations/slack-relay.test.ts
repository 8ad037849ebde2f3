import { afterEach, describe, expect, it } from "vitest";
import type { ChannelPacer } from "../../../relay/destinations/channel-pacer.ts";
import { createSlackRelay } from "../../../relay/destinations/slack-relay.ts";
import { DestinationError } from "../../../relay/effects/destination-error.ts";
import type { Journal } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import {
  type FakeSlack,
  type SlackFailurePolicy,
  type SlackStallPolicy,
  startFakeSlack,
} from "../../fakes/fake-slack.ts";
import { attemptContext, memoryJournal } from "../helpers/effect-context.ts";

const TOKEN = "xoxb-slack-relay-test";
const CHANNEL = "C01";
const message = { text: "Content review", blocks: [] };

let slack: FakeSlack | undefined;
let journal: Journal | undefined;
afterEach(async () => {
  await slack?.close();
  await journal?.close(0);
  slack = undefined;
  journal = undefined;
});

/** A pacer that never waits and records the holds a 429 asked for. */
function recordingPacer() {
  const pauses: { channel: string; ms: number }[] = [];
  const pacer: ChannelPacer = {
    wait: async () => undefined,
    pause: (channel, ms) => pauses.push({ channel, ms }),
  };
  return { pacer, pauses };
}

async function setup(
  policies: { fail?: SlackFailurePolicy; stall?: SlackStallPolicy } = {},
  retryAfterSeconds = 1,
) {
  slack = await startFakeSlack({ token: TOKEN, retryAfterSeconds, ...policies });
  journal = memoryJournal();
  const { pacer, pauses } = recordingPacer();
  const relay = createSlackRelay({
    token: TOKEN,
    channel: CHANNEL,
    apiUrl: slack.apiUrl,
    pacer,
    effects: journal,
    logger: createLogger("silent"),
  });
  return { slack, relay, pauses };
}

const methods = (s: FakeSlack) => s.calls.map((c) => `${c.method} ${c.status}`);

describe("createSlackRelay", () => {
  it("posts the parent once with its metadata, then updates it in place", async () => {
    const { slack, relay } = await setup();
    const ts = await relay.upsertParent("sub-1", message, attemptContext());
    expect(await relay.upsertParent("sub-1", { ...message, text: "v2" }, attemptContext())).toBe(
      ts,
    );
    expect(slack.messages).toHaveLength(1);
    expect(slack.messages[0]).toMatchObject({
      text: "v2",
      history: [{ text: message.text }],
      metadata: {
        event_type: "content_review_submission",
        event_payload: { submission_id: "sub-1" },
      },
    });
    expect(methods(slack)).toEqual(["chat.postMessage 200", "chat.update 200"]);
  });

  it("after a post whose answer came too late, finds the message by its metadata instead of posting again", async () => {
    // The post takes effect, but its answer is held past the attempt's deadline.
    const { slack, relay } = await setup({
      stall: (method, n) => (method === "chat.postMessage" && n === 1 ? 1500 : null),
    });
    const first = attemptContext("entry-a", 300);
    const error = await relay.upsertParent("sub-2", message, first).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DestinationError);
    expect(error).toMatchObject({ destination: "Slack", outcome: "unknown" });
    expect(String((error as Error).message)).toContain(new URL(slack.apiUrl).host);
    const retry = attemptContext("entry-a");
    const ts = await relay.upsertParent("sub-2", message, retry);
    expect(slack.messages.filter((m) => m.threadTs === null)).toHaveLength(1);
    expect(ts).toBe(slack.messages[0]?.ts);
    // The lookup is bounded by the entry's receipt and asks for the metadata.
    const lookup = slack.calls.find((c) => c.method === "conversations.history");
    expect(lookup?.params["include_all_metadata"]).toBe("true");
    expect(Number(lookup?.params["oldest"])).toBeLessThanOrEqual(first.receivedAt / 1000);
    expect(Number(lookup?.params["oldest"])).toBeGreaterThan(first.receivedAt / 1000 - 3600);
  });

  it("pages through the channel's history to find its message", async () => {
    const { slack, relay } = await setup({
      stall: (method, n) => (method === "chat.postMessage" && n === 1 ? 1500 : null),
    });
    await relay.upsertParent("sub-paged", message, attemptContext("entry-p", 300)).catch(() => 0);
    // 250 newer messages of other submissions push it past the first page of 200.
    for (let i = 0; i < 250; i += 1) {
      await relay.upsertParent(`other-${i}`, message, attemptContext());
    }
    const ts = await relay.upsertParent("sub-paged", message, attemptContext("entry-p"));
    const mine = slack.messages.filter(
      (m) => m.metadata?.event_payload["submission_id"] === "sub-paged",
    );
    expect(mine.map((m) => m.ts)).toEqual([ts]);
    const pages = slack.calls.filter((c) => c.method === "conversations.history");
    expect(pages).toHaveLength(2);
    expect(pages[1]?.params["cursor"]).toBeTruthy();
  });

  it("posts a thread reply once per entry, also after an unknown outcome", async () => {
    const { slack, relay } = await setup({
      stall: (method, n) => (method === "chat.postMessage" && n === 2 ? 1500 : null),
    });
    const ts = await relay.upsertParent("sub-3", message, attemptContext());
    await expect(
      relay.replyOnce("sub-3", ts, "failed", attemptContext("msg_1", 300)),
    ).rejects.toThrow(/Slack/);
    await relay.replyOnce("sub-3", ts, "failed", attemptContext("msg_1"));
    await relay.replyOnce("sub-3", ts, "failed", attemptContext("msg_1"));
    const replies = slack.messages.filter((m) => m.threadTs === ts);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.metadata?.event_payload).toEqual({
      submission_id: "sub-3",
      reply_key: "msg_1",
    });
    expect(slack.calls.filter((c) => c.method === "conversations.replies")).toHaveLength(1);
  });

  it("a write answered 429 waits out Retry-After through the library, holds the channel, and posts once", async () => {
    const { slack, relay, pauses } = await setup({
      fail: (method, n) => (method === "chat.postMessage" && n === 1 ? 429 : null),
    });
    await relay.upsertParent("sub-4", message, attemptContext());
    expect(methods(slack)).toEqual(["chat.postMessage 429", "chat.postMessage 200"]);
    expect(pauses).toEqual([{ channel: CHANNEL, ms: 1000 }]);
    expect(slack.messages).toHaveLength(1);
  });

  it("a read answered 429 waits out Retry-After through the library too", async () => {
    const { slack, relay, pauses } = await setup({
      stall: (method, n) => (method === "chat.postMessage" && n === 1 ? 1500 : null),
      fail: (method, n) => (method === "conversations.history" && n === 1 ? 429 : null),
    });
    await relay.upsertParent("sub-5", message, attemptContext("entry-5", 300)).catch(() => 0);
    await relay.upsertParent("sub-5", message, attemptContext("entry-5"));
    expect(methods(slack).filter((m) => m.startsWith("conversations.history"))).toEqual([
      "conversations.history 429",
      "conversations.history 200",
    ]);
    expect(pauses).toEqual([{ channel: CHANNEL, ms: 1000 }]);
    expect(slack.messages).toHaveLength(1);
  });

  it("a post answered 500 is not repeated by the library; the next attempt looks before posting", async () => {
    const { slack, relay } = await setup({
      fail: (method, n) => (method === "chat.postMessage" && n === 1 ? 500 : null),
    });
    const error = await relay
      .upsertParent("sub-6", message, attemptContext("entry-6", 300))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ destination: "Slack", outcome: "unknown", status: 500 });
    await relay.upsertParent("sub-6", message, attemptContext("entry-6"));
    expect(methods(slack)).toEqual([
      "chat.postMessage 500",
      "conversations.history 200",
      "chat.postMessage 200",
    ]);
  });

  it("a post Slack refuses changed nothing: the next attempt posts without looking", async () => {
    const { slack, relay } = await setup();
    const tooMany = { text: "x", blocks: Array.from({ length: 51 }, () => ({ type: "divider" })) };
    const error = await relay
      .upsertParent("sub-7", tooMany as never, attemptContext())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ outcome: "not-performed" });
    expect(String((error as Error).message)).toMatch(
      /^Slack \(127\.0\.0\.1:\d+\) chat\.postMessage failed: invalid_blocks/,
    );
    await relay.upsertParent("sub-7", message, attemptContext());
    // Slack answers a refusal with HTTP 200 and ok: false; no lookup came in between.
    expect(methods(slack)).toEqual(["chat.postMessage 200", "chat.postMessage 200"]);
    expect(slack.calls.map((c) => c.error)).toEqual(["invalid_blocks", null]);
  });

  it("stops a call that outlives the attempt's deadline", async () => {
    const { relay } = await setup({
      stall: (method) => (method === "chat.postMessage" ? 5000 : null),
    });
    const context = attemptContext("entry-8", 200);
    const error = await relay.upsertParent("sub-8", message, context).catch((e: unknown) => e);
    expect(context.signal.aborted).toBe(true);
    expect(error).toMatchObject({ destination: "Slack", outcome: "unknown" });
    expect(String((error as Error).message)).toContain("deadline");
  });
});
