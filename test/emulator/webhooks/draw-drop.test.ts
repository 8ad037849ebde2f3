import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Harness,
  type Receiver,
  SIDEKICKS,
  startHarness,
  startReceiver,
} from "../emulator-harness.ts";

const EVENTS = ["asset.processing.completed", "asset.processing.failed"];

interface Attempt {
  subscriptionId: string;
  webhookId: string;
  attempt: number;
  status: string;
  error: string | null;
  nextAttemptAt: string | null;
}

describe("drawDrop: the emulator drops webhook deliveries on purpose (PUT /_emulator/webhook-drops)", () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    h = await startHarness({ allowInsecureWebhooks: true, webhookRetryDelaysMs: [0, 0] });
  });
  afterAll(() => h.close());
  afterEach(async () => {
    await h.control("PUT", "/_emulator/webhook-drops", { share: 0 });
    const list = await h.call("GET", "/api/webhooks/subscriptions?pageSize=100");
    for (const s of list.body.data) await h.call("DELETE", `/api/webhooks/subscriptions/${s.id}`);
    for (const r of receivers.splice(0)) await r.close();
  });

  async function subscribe(): Promise<{ id: string; receiver: Receiver }> {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const res = await h.call("POST", "/api/webhooks/subscriptions", {
      body: { endpointUrl: receiver.url, eventTypes: EVENTS },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id, receiver };
  }

  /** Fires one sandbox event per asset of a new submission; returns how many were dispatched. */
  async function fire(assets: number): Promise<number> {
    const created = await h.call("POST", "/api/submissions", {
      key: h.emu.sandboxKey,
      body: {
        assets: Array.from({ length: assets }, () => ({
          blobPath: `${randomUUID()}/a__sandbox_pass__.png`,
        })),
        sidekickIds: SIDEKICKS,
      },
    });
    const fired = await h.call("POST", "/api/sandbox/events/fire", {
      key: h.emu.sandboxKey,
      body: { eventType: "asset.processing.completed", submissionId: created.body.submissionId },
    });
    return fired.body.dispatched as number;
  }

  /** The attempts of a subscription once `count` of them have ended (bounded poll). */
  async function attemptsOf(subscriptionId: string, count: number): Promise<Attempt[]> {
    let attempts: Attempt[] = [];
    await expect
      .poll(async () => {
        const all = (await h.control("GET", "/_emulator/deliveries")).body as Attempt[];
        attempts = all.filter((d) => d.subscriptionId === subscriptionId);
        return attempts.filter((d) => d.status !== "pending").length;
      })
      .toBeGreaterThanOrEqual(count);
    return attempts;
  }

  it("drops every attempt (retries too), records why, and redelivers them once let through", async () => {
    const sub = await subscribe();
    const set = await h.control("PUT", "/_emulator/webhook-drops", {});
    expect(set.body).toMatchObject({ share: 1, subscriptionId: null });
    expect(await fire(1)).toBe(1);
    // The first attempt and its two retries, all dropped: the receiver saw none of them.
    const attempts = await attemptsOf(sub.id, 3);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, "failed"],
      [2, "failed"],
      [3, "failed"],
    ]);
    expect(attempts[0]?.error).toMatch(/dropped by the emulator/);
    expect(sub.receiver.received).toHaveLength(0);

    await h.control("PUT", "/_emulator/webhook-drops", { share: 0 });
    const redelivered = await h.control("POST", "/_emulator/webhook-deliveries/redeliver", {});
    expect(redelivered.body).toEqual({ redelivered: 1 });
    await sub.receiver.waitFor(1);
    expect(sub.receiver.received[0]?.headers["webhook-id"]).toBe(attempts[0]?.webhookId);
    // Delivered now: nothing is left to redeliver.
    await attemptsOf(sub.id, 4);
    expect((await h.control("POST", "/_emulator/webhook-deliveries/redeliver", {})).body).toEqual({
      redelivered: 0,
    });
  });

  it("drops only the named subscription's deliveries", async () => {
    const dropped = await subscribe();
    const kept = await subscribe();
    await h.control("PUT", "/_emulator/webhook-drops", { subscriptionId: dropped.id });
    expect(await fire(1)).toBe(2);
    await kept.receiver.waitFor(1);
    await attemptsOf(dropped.id, 3);
    expect(dropped.receiver.received).toHaveLength(0);
  });

  it("drops a share of the delivery attempts, drawn from a seed", async () => {
    const sub = await subscribe();
    await h.control("PUT", "/_emulator/webhook-drops", { share: 0.5, seed: 7 });
    expect(await fire(20)).toBe(20);
    // Each delivery ends delivered, or dropped on all three tries.
    let mine: Attempt[] = [];
    await expect
      .poll(async () => {
        const all = (await h.control("GET", "/_emulator/deliveries")).body as Attempt[];
        mine = all.filter((d) => d.subscriptionId === sub.id);
        const last = new Map<string, Attempt>();
        for (const a of mine) last.set(a.webhookId, a);
        return [...last.values()].filter(
          (a) => a.status === "succeeded" || (a.status === "failed" && a.nextAttemptAt === null),
        ).length;
      })
      .toBe(20);
    const dropped = mine.filter((a) => a.error?.startsWith("dropped by the emulator")).length;
    expect(dropped).toBeGreaterThan(0);
    expect(sub.receiver.received.length).toBeGreaterThan(0);
    expect(dropped + sub.receiver.received.length).toBe(mine.length);
  });

  it.each([
    [{ share: 2 }, "share"],
    [{ share: -0.1 }, "share"],
    [{ subscriptionId: "not-a-uuid" }, "subscriptionId"],
  ])("refuses %j naming %s", async (body, field) => {
    const res = await h.control("PUT", "/_emulator/webhook-drops", body);
    expect(res.status).toBe(422);
    expect(res.body.fields[0].field).toBe(field);
  });
});
