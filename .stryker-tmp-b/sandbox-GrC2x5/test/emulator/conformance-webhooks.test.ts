// @ts-nocheck
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signStandardWebhook } from "../../src/webhooks/sign-standard-webhook.ts";
import {
  type Harness,
  type Receiver,
  SIDEKICKS,
  startHarness,
  startReceiver,
} from "./emulator-harness.ts";

const EVENTS = ["asset.processing.completed", "asset.processing.failed"];

function verify(secret: string, r: { headers: Record<string, unknown>; body: string }): boolean {
  const expected = signStandardWebhook({
    secret,
    id: String(r.headers["webhook-id"]),
    timestamp: Number(r.headers["webhook-timestamp"]),
    body: r.body,
  });
  return String(r.headers["webhook-signature"]).split(" ").includes(expected);
}

/** Standard Webhooks verification written from the scheme itself, not with the project's signer. */
function verifyIndependently(
  secret: string,
  r: { headers: Record<string, unknown>; body: string },
): boolean {
  const id = String(r.headers["webhook-id"]);
  const timestamp = String(r.headers["webhook-timestamp"]);
  if (!/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${r.body}`).digest();
  return String(r.headers["webhook-signature"])
    .split(" ")
    .some((part) => {
      const [version, signature] = part.split(",");
      const given = Buffer.from(signature ?? "", "base64");
      return (
        version === "v1" && given.length === expected.length && timingSafeEqual(given, expected)
      );
    });
}

describe("emulator webhooks (parts 4.11, 4.12 and 6)", () => {
  let h: Harness;
  let receiver: Receiver;
  beforeAll(async () => {
    h = await startHarness({ allowInsecureWebhooks: true, webhookRetryDelaysMs: [0, 0] });
  });
  afterAll(() => h.close());
  afterEach(async () => {
    const list = await h.call("GET", "/api/webhooks/subscriptions?pageSize=100");
    for (const s of list.body.data) await h.call("DELETE", `/api/webhooks/subscriptions/${s.id}`);
    await receiver?.close();
  });

  const subscribe = async (eventTypes = EVENTS) => {
    receiver = await startReceiver();
    const res = await h.call("POST", "/api/webhooks/subscriptions", {
      body: { endpointUrl: receiver.url, eventTypes, description: "test" },
    });
    expect(res.status).toBe(201);
    return res.body;
  };

  it("CRUD: create returns the secret; get and list omit it; update keeps it; delete is 204", async () => {
    const created = await subscribe();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
    expect(created).toMatchObject({
      enabled: true,
      workspaceId: h.emu.workspaceId,
      eventTypes: EVENTS,
    });
    const got = await h.call("GET", `/api/webhooks/subscriptions/${created.id}`);
    expect(got.body.secret).toBeUndefined();
    const list = await h.call("GET", "/api/webhooks/subscriptions");
    expect(list.body.pagination).toMatchObject({ page: 1, pageSize: 10, total: 1, totalPages: 1 });
    const other = await startReceiver();
    const patched = await h.call("PATCH", `/api/webhooks/subscriptions/${created.id}`, {
      body: { endpointUrl: other.url, enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ endpointUrl: other.url, enabled: false });
    await other.close();
    expect((await h.call("DELETE", `/api/webhooks/subscriptions/${created.id}`)).status).toBe(204);
    expect((await h.call("GET", `/api/webhooks/subscriptions/${created.id}`)).status).toBe(404);
  });

  it.each([
    ["https://hooks.example.com/x", 201],
    ["http://hooks.example.com/x", 422],
    ["ftp://127.0.0.1/x", 422],
    ["not a url", 422],
  ])("endpointUrl %s gives %i (loopback http allowed by the flag)", async (endpointUrl, status) => {
    const res = await h.call("POST", "/api/webhooks/subscriptions", {
      body: { endpointUrl, eventTypes: EVENTS },
    });
    expect(res.status).toBe(status);
    if (status === 422) expect(res.body.error).toBe("validation_error");
  });

  it("403 for another workspace's subscription, 404 for an unknown one", async () => {
    const created = await subscribe();
    const other = await h.control("POST", "/_emulator/workspaces", {});
    for (const [method, path, body] of [
      ["GET", `/api/webhooks/subscriptions/${created.id}`, undefined],
      ["PATCH", `/api/webhooks/subscriptions/${created.id}`, { enabled: false }],
      ["DELETE", `/api/webhooks/subscriptions/${created.id}`, undefined],
      ["GET", `/api/webhooks/subscriptions/${created.id}/deliveries`, undefined],
    ] as const) {
      const res = await h.call(method, path, {
        key: other.body.liveKey,
        ...(body ? { body } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await h.call("GET", `/api/webhooks/subscriptions/${randomUUID()}`)).status).toBe(404);
  });

  it("live completion delivers a signed completed event with snake_case data", async () => {
    const sub = await subscribe();
    const blobPath = await h.upload("ok.txt", "text/plain", Buffer.from("guaranteed"));
    const created = await h.call("POST", "/api/submissions", {
      body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
    });
    await receiver.waitFor(1);
    const delivery = receiver.received[0]!;
    expect(verify(sub.secret, delivery)).toBe(true);
    const event = JSON.parse(delivery.body);
    expect(event.type).toBe("asset.processing.completed");
    expect(event.data).toEqual({
      asset_id: created.body.assets[0].assetId,
      submission_id: created.body.submissionId,
      workspace_id: h.emu.workspaceId,
      status: "complete",
      issue_count: 1,
    });
  });

  it("live failure delivers a failed event; non-2xx answers are retried with the same webhook-id", async () => {
    const sub = await subscribe(["asset.processing.failed"]);
    receiver.statuses.push(500, 503);
    const blobPath = await h.upload("x__emulator_error__.txt", "text/plain", Buffer.from("x"));
    await h.call("POST", "/api/submissions", {
      body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
    });
    await receiver.waitFor(3);
    const ids = new Set(receiver.received.map((r) => r.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const r of receiver.received) expect(verify(sub.secret, r)).toBe(true);
    const event = JSON.parse(receiver.received[0]!.body);
    expect(event.data).toMatchObject({ status: "failed", error_message: expect.any(String) });
    const history = await h.call("GET", `/api/webhooks/subscriptions/${sub.id}/deliveries`);
    await expect
      .poll(
        async () =>
          (await h.call("GET", `/api/webhooks/subscriptions/${sub.id}/deliveries`)).body.data[0]
            ?.status,
      )
      .toBe("succeeded");
    expect(history.body.pagination.total).toBe(3);
    const all = await h.control("GET", "/_emulator/deliveries");
    const attempts = all.body.filter(
      (d: { subscriptionId: string }) => d.subscriptionId === sub.id,
    );
    expect(
      attempts.map((d: { attempt: number; responseStatus: number }) => [
        d.attempt,
        d.responseStatus,
      ]),
    ).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
  });

  it("a delivery that times out is retried with the same webhook-id", async () => {
    const timed = await startHarness({
      allowInsecureWebhooks: true,
      webhookRetryDelaysMs: [0],
      webhookTimeoutMs: 50,
    });
    receiver = await startReceiver();
    try {
      const sub = await timed.call("POST", "/api/webhooks/subscriptions", {
        key: timed.emu.liveKey,
        body: { endpointUrl: receiver.url, eventTypes: EVENTS },
      });
      receiver.statuses.push(0);
      const blobPath = await timed.upload("t.txt", "text/plain", Buffer.from("fine"));
      await timed.call("POST", "/api/submissions", {
        body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
      });
      await receiver.waitFor(2);
      expect(receiver.received[1]!.headers["webhook-id"]).toBe(
        receiver.received[0]!.headers["webhook-id"],
      );
      expect(verify(sub.body.secret, receiver.received[1]!)).toBe(true);
      const attempts = (await timed.control("GET", "/_emulator/deliveries")).body;
      expect(attempts[0]).toMatchObject({
        attempt: 1,
        status: "failed",
        responseStatus: null,
        error: "timeout",
      });
    } finally {
      await timed.close();
    }
  });

  it("disabled subscriptions and other event types receive nothing; sandbox outcomes emit nothing", async () => {
    const sub = await subscribe(["asset.processing.failed"]);
    const created = await h.call("POST", "/api/submissions", {
      key: h.emu.sandboxKey,
      body: {
        assets: [{ blobPath: `${randomUUID()}/a__sandbox_error__.mp4` }],
        sidekickIds: SIDEKICKS,
      },
    });
    const completed = await h.call("POST", "/api/sandbox/events/fire", {
      key: h.emu.sandboxKey,
      body: { eventType: "asset.processing.completed", submissionId: created.body.submissionId },
    });
    expect(completed.body).toEqual({ dispatched: 0 });
    await h.call("PATCH", `/api/webhooks/subscriptions/${sub.id}`, { body: { enabled: false } });
    const disabled = await h.call("POST", "/api/sandbox/events/fire", {
      key: h.emu.sandboxKey,
      body: { eventType: "asset.processing.failed", submissionId: created.body.submissionId },
    });
    expect(disabled.body).toEqual({ dispatched: 0 });
    expect(receiver.received).toHaveLength(0);
  });

  it("fire: one event per asset per subscription, default error message, 403 live, 422 malformed", async () => {
    const sub = await subscribe();
    const created = await h.call("POST", "/api/submissions", {
      key: h.emu.sandboxKey,
      body: {
        assets: [
          { blobPath: `${randomUUID()}/a__sandbox_pass__.mp4` },
          { blobPath: `${randomUUID()}/b__sandbox_pass__.mp4` },
        ],
        sidekickIds: SIDEKICKS,
      },
    });
    const fired = await h.call("POST", "/api/sandbox/events/fire", {
      key: h.emu.sandboxKey,
      body: { eventType: "asset.processing.failed", submissionId: created.body.submissionId },
    });
    expect(fired.body).toEqual({ dispatched: 2 });
    await receiver.waitFor(2);
    for (const r of receiver.received) {
      expect(verify(sub.secret, r)).toBe(true);
      expect(verifyIndependently(sub.secret, r)).toBe(true);
      expect(verifyIndependently(`whsec_${Buffer.alloc(24).toString("base64")}`, r)).toBe(false);
      expect(JSON.parse(r.body).data.error_message).toBe("Sandbox simulated failure");
    }
    const live = await h.call("POST", "/api/sandbox/events/fire", {
      body: { eventType: "asset.processing.failed", submissionId: created.body.submissionId },
    });
    expect(live.status).toBe(403);
    const malformed = await h.call("POST", "/api/sandbox/events/fire", {
      key: h.emu.sandboxKey,
      body: { eventType: "nope", submissionId: created.body.submissionId },
    });
    expect(malformed.status).toBe(422);
  });

  it("fire counts every enabled subscription of the event type across all assets", async () => {
    const receivers = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    try {
      const make = async (url: string, eventTypes: string[]) =>
        (
          await h.call("POST", "/api/webhooks/subscriptions", {
            body: { endpointUrl: url, eventTypes },
          })
        ).body;
      const both = await make(receivers[0]!.url, EVENTS);
      const failedOnly = await make(receivers[1]!.url, ["asset.processing.failed"]);
      await make(receivers[2]!.url, ["asset.processing.completed"]);
      const disabled = await make(receivers[2]!.url, EVENTS);
      await h.call("PATCH", `/api/webhooks/subscriptions/${disabled.id}`, {
        body: { enabled: false },
      });
      // Another workspace's subscription never counts.
      const other = await h.control("POST", "/_emulator/workspaces", {});
      await h.call("POST", "/api/webhooks/subscriptions", {
        key: other.body.liveKey,
        body: { endpointUrl: receivers[2]!.url, eventTypes: EVENTS },
      });
      const created = await h.call("POST", "/api/submissions", {
        key: h.emu.sandboxKey,
        body: {
          assets: ["a", "b", "c"].map((n) => ({
            blobPath: `${randomUUID()}/${n}__sandbox_error__.mp4`,
          })),
          sidekickIds: SIDEKICKS,
        },
      });
      const fired = await h.call("POST", "/api/sandbox/events/fire", {
        key: h.emu.sandboxKey,
        body: {
          eventType: "asset.processing.failed",
          submissionId: created.body.submissionId,
          errorMessage: "boom",
        },
      });
      expect(fired.body).toEqual({ dispatched: 6 });
      await receivers[0]!.waitFor(3);
      await receivers[1]!.waitFor(3);
      for (const [r, sub] of [
        [receivers[0]!, both],
        [receivers[1]!, failedOnly],
      ] as const) {
        expect(r.received.map((x) => JSON.parse(x.body).data.asset_id).sort()).toEqual(
          created.body.assets.map((a: { assetId: string }) => a.assetId).sort(),
        );
        for (const x of r.received) {
          expect(verifyIndependently(sub.secret, x)).toBe(true);
          expect(JSON.parse(x.body)).toMatchObject({
            type: "asset.processing.failed",
            data: { status: "failed", error_message: "boom", workspace_id: h.emu.workspaceId },
          });
        }
      }
      expect(receivers[2]!.received).toHaveLength(0);
      const other2 = await h.call("GET", "/api/webhooks/subscriptions?pageSize=100", {
        key: other.body.liveKey,
      });
      for (const s of other2.body.data)
        await h.call("DELETE", `/api/webhooks/subscriptions/${s.id}`, { key: other.body.liveKey });
    } finally {
      await Promise.all(receivers.map((r) => r.close()));
    }
  });

  it("editing the URL keeps the secret: deliveries to the new URL verify with the original secret", async () => {
    const sub = await subscribe();
    const first = receiver;
    const second = await startReceiver();
    await h.call("PATCH", `/api/webhooks/subscriptions/${sub.id}`, {
      body: { endpointUrl: second.url },
    });
    const created = await h.call("POST", "/api/submissions", {
      key: h.emu.sandboxKey,
      body: {
        assets: [{ blobPath: `${randomUUID()}/a__sandbox_fail__.mp4` }],
        sidekickIds: SIDEKICKS,
      },
    });
    await h.call("POST", "/api/sandbox/events/fire", {
      key: h.emu.sandboxKey,
      body: { eventType: "asset.processing.completed", submissionId: created.body.submissionId },
    });
    await second.waitFor(1);
    expect(verify(sub.secret, second.received[0]!)).toBe(true);
    expect(JSON.parse(second.received[0]!.body).data.issue_count).toBe(3);
    expect(first.received).toHaveLength(0);
    await second.close();
  });
});

describe("emulator webhooks without --allow-insecure-webhooks", () => {
  it.each([
    ["http://127.0.0.1:9/hook", 422],
    ["http://localhost:9/hook", 422],
    ["http://[::1]:9/hook", 422],
    ["https://127.0.0.1:9/hook", 201],
  ])("endpointUrl %s gives %i on create and on edit", async (endpointUrl, status) => {
    const h = await startHarness();
    try {
      const created = await h.call("POST", "/api/webhooks/subscriptions", {
        body: { endpointUrl, eventTypes: EVENTS },
      });
      expect(created.status).toBe(status);
      const base = await h.call("POST", "/api/webhooks/subscriptions", {
        body: { endpointUrl: "https://hooks.example.com/x", eventTypes: EVENTS },
      });
      const edited = await h.call("PATCH", `/api/webhooks/subscriptions/${base.body.id}`, {
        body: { endpointUrl },
      });
      expect(edited.status).toBe(status === 201 ? 200 : 422);
      if (status === 422) expect(edited.body.fields[0].field).toBe("endpointUrl");
    } finally {
      await h.close();
    }
  });
});
