import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { performOnce } from "../../../relay/effects/perform-once.ts";
import {
  createLogger,
  EffectBusyError,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../../relay/index.ts";
import { EffectClaimLostError, type Journal } from "../../../relay/journal/index.ts";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";
import { testStores } from "../helpers/journal-stores.ts";
import { relayTestEnv } from "../helpers/relay-test-env.ts";
import { eventBody, sendSigned, waitUntil } from "../helpers/signed-sender.ts";

const stores = testStores("relay_once_test");

/**
 * A destination that applies each post `lateMs` after it was sent (as a slow Slack does), and
 * shows only what it has applied.
 */
function lateDestination(lateMs: number) {
  const applied: string[] = [];
  const sending: Promise<unknown>[] = [];
  let sent = 0;
  return {
    applied,
    sent: () => sent,
    /** Resolves once every post sent so far has been applied. */
    landed: () => Promise.all(sending),
    perform: async () => {
      sent += 1;
      const value = `ts-${sent}`;
      const landing = new Promise((resolve) => setTimeout(resolve, lateMs)).then(() => {
        applied.push(value);
      });
      sending.push(landing);
      await landing;
      return value;
    },
    find: async () => applied[0],
  };
}

describe.each(stores)("performOnce claims ($name)", ({ skip, open }) => {
  let journal: Journal | undefined;
  afterEach(async () => {
    await journal?.close(1000);
    journal = undefined;
  });

  it.skipIf(skip)("completeEffect requires the claim's token", async () => {
    journal = await open();
    const scope = { submissionId: "s-token", entryId: "e-token", since: 0 };
    const stale = await journal.claimEffect("k-token", scope, 1);
    if (stale.status !== "new") throw new Error("expected a new claim");
    let current = await journal.claimEffect("k-token", scope, 60_000);
    while (current.status === "busy") current = await journal.claimEffect("k-token", scope, 60_000);
    if (current.status !== "unknown")
      throw new Error(`expected a take-over, got ${current.status}`);
    await expect(journal.completeEffect("k-token", stale.token, "stale")).rejects.toBeInstanceOf(
      EffectClaimLostError,
    );
    await journal.completeEffect("k-token", current.token, "mine");
    expect(await journal.claimEffect("k-token", scope, 1)).toEqual({
      status: "done",
      value: "mine",
    });
  });

  it.each([
    { when: "on a new effect", earlier: false },
    { when: "after an earlier attempt's unknown outcome", earlier: true },
  ])(
    "two attempts claiming one effect at the same moment perform it once ($when)",
    async ({ earlier }) => {
      if (skip) return;
      journal = await open();
      const key = `slack-parent:${randomUUID()}`;
      const scope = { submissionId: key, entryId: null, since: 0 };
      if (earlier) {
        // An attempt that ended without a known outcome; its lease has ended.
        const first = await journal.claimEffect(key, scope, 1);
        if (first.status !== "new") throw new Error("expected a new claim");
        await journal.abandonEffect(key, first.token, "unknown");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const slack = lateDestination(300);
      const attempt = () =>
        performOnce({
          effects: journal as Journal,
          logger: createLogger("silent"),
          key,
          scope,
          context: {
            signal: AbortSignal.timeout(5000),
            deadline: Date.now() + 1000,
            entryId: "e-race",
            receivedAt: 0,
            claimMarginMs: 100,
          },
          destination: "a late destination",
          find: slack.find,
          perform: slack.perform,
        });
      const [a, b] = await Promise.allSettled([attempt(), attempt()]);
      const outcomes = [a, b].map((r) => (r.status === "fulfilled" ? "done" : r.reason));
      // One performed it; the other found the claim held past its deadline and stood back.
      expect(slack.sent()).toBe(1);
      expect(outcomes.filter((o) => o === "done")).toHaveLength(1);
      expect(outcomes.find((o) => o !== "done")).toBeInstanceOf(EffectBusyError);
      await slack.landed();
      expect(slack.applied).toHaveLength(1);
    },
  );
});

describe("the relay against a Slack that applies a post after the relay gave up on it", () => {
  let slack: FakeSlack | undefined;
  let relay: RelayHandle | undefined;
  afterEach(async () => {
    await relay?.close();
    await slack?.close();
  });

  it("waits out its claim before looking, finds the late post, and posts once", async () => {
    const token = "xoxb-late-apply";
    // The first post gets no answer; Slack applies it 1.2 s later, after the relay's request
    // timed out (0.5 s) and after the attempt's deadline (1 s), before deadline + the claim's
    // margin (1.5 s), which the next attempt waits out before it looks.
    slack = await startFakeSlack({
      token,
      lateApply: (method, n) => (method === "chat.postMessage" && n === 1 ? 1200 : null),
    });
    const config = resolveRelayConfig(
      relayTestEnv({
        STORE_URL: "sqlite::memory:",
        SLACK_TOKEN: token,
        SLACK_CHANNEL: "C0LATE",
        SLACK_API_URL: slack.apiUrl,
        SLACK_MIN_INTERVAL_MS: "0",
        RELAY_HANDLER_TIMEOUT_MS: "1000",
        // Retries come at once: only the claim keeps the next attempt from looking too early.
        RELAY_RETRY_BASE_MS: "1",
        RELAY_RETRY_MAX_MS: "1",
      }),
    );
    relay = await startRelay(config, { logger: createLogger("silent"), claimMarginMs: 500 });
    const res = await sendSigned(relay.url, {
      id: "msg_late_1",
      body: eventBody({ submissionId: "sub-late", assetId: "a-1" }),
    });
    expect(res.status).toBe(200);
    const handle = relay;
    await waitUntil(
      "the entry done",
      async () => (await handle.journal.listEntries(1))[0]?.state === "done",
      15_000,
    );
    // The first post has landed (a second one, answered at once, was applied when sent).
    await slack.lateApplied();
    const parents = slack.messages.filter((m) => m.threadTs === null);
    expect(parents).toHaveLength(1);
    expect(slack.calls.filter((c) => c.method === "chat.postMessage")).toHaveLength(1);
    expect(slack.calls.some((c) => c.method === "conversations.history")).toBe(true);
  });
});
