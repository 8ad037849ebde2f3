import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIDEKICKS, startHarness } from "./emulator-harness.ts";

describe("emulator authentication and tiers (parts 5 and 7)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("keys have the formats of part 5 rule 2", () => {
    expect(h.emu.liveKey).toMatch(/^sk_live_[0-9a-f]{64}$/);
    expect(h.emu.sandboxKey).toMatch(/^sk_test_[0-9a-f]{64}$/);
  });

  it.each([
    ["missing", null, "Missing X-API-Key header"],
    ["malformed", "not-a-key", "Invalid API key"],
    ["unknown", `sk_live_${"0".repeat(64)}`, "Invalid API key"],
  ])("401 for a %s key with the exact detail", async (_name, key, detail) => {
    const res = await h.call("GET", `/api/submissions/${randomUUID()}`, { key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail });
  });

  it.each([
    ["revoke", "This API key has been revoked"],
    ["expire", "This API key has expired"],
  ])("401 after the control plane's %s", async (action, detail) => {
    const ws = await h.control("POST", "/_emulator/workspaces", {});
    expect(ws.status).toBe(201);
    const res = await h.control("POST", `/_emulator/keys/${ws.body.liveKey}/${action}`);
    expect(res.status).toBe(204);
    const call = await h.call("GET", `/api/submissions/${randomUUID()}`, { key: ws.body.liveKey });
    expect(call.status).toBe(401);
    expect(call.body).toEqual({ detail });
  });

  it("402 with the tier body for a no_api workspace, naming the bucket", async () => {
    const ws = await h.control("POST", "/_emulator/workspaces", { tier: "no_api" });
    const res = await h.call("POST", "/api/uploads/url", {
      key: ws.body.sandboxKey,
      body: { filename: "a.txt", contentType: "text/plain" },
    });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      error_code: "tier_not_authorized_for_integrations_api",
      bucket: "upload",
    });
    expect(res.body.message).toBeTypeOf("string");
  });

  it("accepts the header name in any case (HTTP header names are case-insensitive)", async () => {
    const res = await h.call("GET", "/api/insights/processing/duration", {
      key: null,
      headers: { "x-api-key": h.emu.liveKey },
    });
    expect(res.status).toBe(200);
  });

  it("another workspace's submission is invisible (404)", async () => {
    const other = await h.control("POST", "/_emulator/workspaces", {});
    const created = await h.call("POST", "/api/submissions", {
      key: other.body.sandboxKey,
      body: {
        assets: [{ blobPath: `${randomUUID()}/x__sandbox_pass__.mp4` }],
        sidekickIds: SIDEKICKS,
      },
    });
    const { submissionId } = created.body;
    const assetId = created.body.assets[0].assetId;
    for (const path of [
      `/api/submissions/${submissionId}`,
      `/api/submissions/${submissionId}/assets/${assetId}`,
      `/api/submissions/${submissionId}/assets/${assetId}/issues`,
      `/api/submissions/${submissionId}/assets/${assetId}/topics`,
      `/api/submissions/${submissionId}/versions`,
    ]) {
      for (const key of [h.emu.sandboxKey, h.emu.liveKey]) {
        const res = await h.call("GET", path, { key });
        expect(res.status, path).toBe(404);
      }
    }
    const retry = await h.call("POST", `/api/submissions/${submissionId}/assets/${assetId}/retry`, {
      key: h.emu.sandboxKey,
    });
    expect(retry.status).toBe(404);
    const fire = await h.call("POST", "/api/sandbox/events/fire", {
      key: h.emu.sandboxKey,
      body: { eventType: "asset.processing.completed", submissionId },
    });
    expect(fire.status).toBe(404);
  });

  it.each([
    ["Authorization: Bearer", (key: string) => ({ Authorization: `Bearer ${key}` })],
    ["X-Api-Token", (key: string) => ({ "X-Api-Token": key })],
    ["Api-Key", (key: string) => ({ "Api-Key": key })],
  ])("the key is read from X-API-Key only, not from %s", async (_name, headers) => {
    const res = await h.call("GET", "/api/insights/processing/duration", {
      key: null,
      headers: headers(h.emu.liveKey),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Missing X-API-Key header" });
    const query = await h.call(
      "GET",
      `/api/insights/processing/duration?api_key=${h.emu.liveKey}`,
      {
        key: null,
      },
    );
    expect(query.status).toBe(401);
  });

  it("another workspace's tags and assets never show in the tag filter", async () => {
    const other = await h.control("POST", "/_emulator/workspaces", {});
    const tag = await h.control("POST", "/_emulator/tags", {
      key: "secret-campaign",
      valuePolicy: "none",
      workspaceId: other.body.workspaceId,
    });
    await h.call("POST", "/api/submissions", {
      key: other.body.sandboxKey,
      body: {
        assets: [
          {
            blobPath: `${randomUUID()}/x__sandbox_pass__.mp4`,
            tags: [{ key: "secret-campaign" }],
          },
        ],
        sidekickIds: SIDEKICKS,
      },
    });
    // A sandbox asset: the other workspace's sandbox key finds it.
    const theirs = await h.call("GET", `/api/assets?tagKeyIds=${tag.body.keyId}`, {
      key: other.body.sandboxKey,
    });
    expect(theirs.body.pagination.total).toBe(1);
    const mine = await h.call("GET", `/api/assets?tagKeyIds=${tag.body.keyId}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      data: [],
      pagination: { page: 1, pageSize: 10, total: 0, totalPages: 0 },
    });
  });

  it("a key reads only its own environment's submissions: 404 for the other one's, both ways (docs/emulator.md)", async () => {
    const sandbox = await h.call("POST", "/api/submissions", {
      key: h.emu.sandboxKey,
      body: {
        assets: [{ blobPath: `${randomUUID()}/x__sandbox_fail__.mp4` }],
        sidekickIds: SIDEKICKS,
      },
    });
    expect(sandbox.status).toBe(201);
    const sandboxId = sandbox.body.submissionId as string;
    const blobPath = await h.upload("calm.txt", "text/plain", Buffer.from("A calm line.\n"));
    const live = await h.call("POST", "/api/submissions", {
      body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
    });
    expect(live.status).toBe(201);
    const liveId = live.body.submissionId as string;
    const sandboxAsset = (
      await h.call("GET", `/api/submissions/${sandboxId}`, { key: h.emu.sandboxKey })
    ).body.assets[0].assetId as string;
    for (const [id, own, other, asset] of [
      [sandboxId, h.emu.sandboxKey, h.emu.liveKey, sandboxAsset],
      [liveId, h.emu.liveKey, h.emu.sandboxKey, null],
    ] as const) {
      expect((await h.call("GET", `/api/submissions/${id}`, { key: own })).status).toBe(200);
      const refused = await h.call("GET", `/api/submissions/${id}`, { key: other });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ detail: "Submission not found" });
      expect((await h.call("GET", `/api/submissions/${id}/versions`, { key: other })).status).toBe(
        404,
      );
      if (asset !== null) {
        const issues = await h.call("GET", `/api/submissions/${id}/assets/${asset}/issues`, {
          key: other,
        });
        expect(issues.status).toBe(404);
      }
    }
    // Nor can a sandbox key fire events about a live submission.
    const fired = await h.call("POST", "/api/sandbox/events/fire", {
      key: h.emu.sandboxKey,
      body: { eventType: "asset.processing.completed", submissionId: liveId },
    });
    expect(fired.status).toBe(404);
  });

  it("422 in the framework shape for a path id that is not a UUID", async () => {
    const res = await h.call("GET", "/api/submissions/not-a-uuid");
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      loc: ["path", "submissionId"],
      type: "uuid_parsing",
    });
  });

  it("422 in the service shape for a body that is not valid JSON", async () => {
    const res = await h.call("POST", "/api/submissions", { body: "{oops" });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("validation_error");
  });

  it.each([
    [{ assets: [], sidekickIds: SIDEKICKS }, "assets"],
    [{ assets: [{ blobPath: "a/b" }], sidekickIds: [] }, "sidekickIds"],
    [{ assets: [{ blobPath: "a/b" }] }, "sidekickIds"],
  ])("422 for submission body %j naming %s", async (body, field) => {
    const res = await h.call("POST", "/api/submissions", { body });
    expect(res.status).toBe(422);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});
