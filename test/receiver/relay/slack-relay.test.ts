import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EffectRecord } from "../../../receiver/journal/index.ts";
import { createChannelPacer } from "../../../receiver/relay/channel-pacer.ts";
import { createSlackRelay } from "../../../receiver/relay/slack-relay.ts";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";

const TOKEN = "xoxb-slack-relay-test";
const message = { text: "Content review", blocks: [] };

function memoryEffects() {
  const effects = new Map<string, EffectRecord>();
  return {
    effects,
    store: {
      getEffect: async (key: string) => effects.get(key) ?? null,
      setEffect: async (key: string, effect: EffectRecord) => {
        effects.set(key, effect);
      },
    },
  };
}

describe("createSlackRelay", () => {
  let slack: FakeSlack;
  let failNext: (429 | 500)[] = [];
  beforeEach(async () => {
    failNext = [];
    slack = await startFakeSlack({
      token: TOKEN,
      fail: () => failNext.shift() ?? null,
      retryAfterSeconds: 1,
    });
  });
  afterEach(async () => {
    await slack.close();
  });

  function relay(store: ReturnType<typeof memoryEffects>["store"]) {
    return createSlackRelay({
      token: TOKEN,
      channel: "C1",
      apiUrl: slack.apiUrl,
      pacer: createChannelPacer(0),
      effects: store,
    });
  }

  it("posts the parent once, records its ts, then updates it in place", async () => {
    const { effects, store } = memoryEffects();
    const ts = await relay(store).upsertParent("sub-1", message);
    expect(effects.get("slack-parent:sub-1")).toEqual({ state: "done", value: ts });
    expect(await relay(store).upsertParent("sub-1", { ...message, text: "v2" })).toBe(ts);
    expect(slack.messages).toHaveLength(1);
    expect(slack.messages[0]).toMatchObject({ text: "v2", updates: 1 });
  });

  it("after a crash between Slack's answer and the record, finds the message instead of posting again", async () => {
    const first = memoryEffects();
    const ts = await relay(first.store).upsertParent("sub-2", message);
    // The process died after posting: only "started" reached the journal.
    const { effects, store } = memoryEffects();
    effects.set("slack-parent:sub-2", { state: "started", value: null });
    expect(await relay(store).upsertParent("sub-2", message)).toBe(ts);
    expect(slack.messages.filter((m) => m.threadTs === null)).toHaveLength(1);
    expect(effects.get("slack-parent:sub-2")).toEqual({ state: "done", value: ts });
  });

  it("posts a thread reply once per key, also across a crash", async () => {
    const { effects, store } = memoryEffects();
    const ts = await relay(store).upsertParent("sub-3", message);
    await relay(store).replyOnce("sub-3", ts, "msg_1", "failed");
    await relay(store).replyOnce("sub-3", ts, "msg_1", "failed");
    effects.set("slack-reply:msg_1", { state: "started", value: null });
    await relay(store).replyOnce("sub-3", ts, "msg_1", "failed");
    expect(slack.messages.filter((m) => m.threadTs === ts)).toHaveLength(1);
  });

  it("waits out a 429 and retries; a 500 fails the attempt for the journal to retry", async () => {
    const { store } = memoryEffects();
    failNext = [429];
    await relay(store).upsertParent("sub-4", message);
    expect(slack.calls.map((c) => c.status)).toEqual([429, 200]);
    failNext = [500];
    await expect(relay(store).upsertParent("sub-5", message)).rejects.toThrow(/500/);
  });
});
