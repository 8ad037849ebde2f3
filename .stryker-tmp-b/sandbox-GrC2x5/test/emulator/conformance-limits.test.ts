// @ts-nocheck
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIDEKICKS, startHarness } from "./emulator-harness.ts";

describe("emulator rate limits and faults (parts 7 and 8)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("429 with Retry-After per key and bucket; other buckets and keys are independent", async () => {
    await h.control("PUT", "/_emulator/rate-limits", {
      submission_read: { limit: 2, windowSeconds: 60 },
    });
    try {
      const path = "/api/insights/processing/duration";
      expect((await h.call("GET", path)).status).toBe(200);
      expect((await h.call("GET", path)).status).toBe(200);
      const limited = await h.call("GET", path);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBeTypeOf("string");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("x-ratelimit-limit")).toBeNull();
      expect((await h.call("GET", path, { key: h.emu.sandboxKey })).status).toBe(200);
      expect((await h.call("GET", "/api/webhooks/subscriptions")).status).toBe(200);
    } finally {
      await h.control("PUT", "/_emulator/rate-limits", { submission_read: null });
    }
  });

  it("one batch submission is one submission_write unit", async () => {
    await h.control("PUT", "/_emulator/rate-limits", {
      submission_write: { limit: 1, windowSeconds: 60 },
    });
    try {
      const assets = Array.from({ length: 3 }, () => ({
        blobPath: `${randomUUID()}/a__sandbox_pass__.mp4`,
      }));
      const first = await h.call("POST", "/api/submissions", {
        key: h.emu.sandboxKey,
        body: { assets, sidekickIds: SIDEKICKS },
      });
      expect(first.status).toBe(201);
      const second = await h.call("POST", "/api/submissions", {
        key: h.emu.sandboxKey,
        body: {
          assets: [{ blobPath: `${randomUUID()}/b__sandbox_pass__.mp4` }],
          sidekickIds: SIDEKICKS,
        },
      });
      expect(second.status).toBe(429);
    } finally {
      await h.control("PUT", "/_emulator/rate-limits", { submission_write: null });
    }
  });

  it.each([
    ["429", 429],
    ["500", 500],
    ["502", 502],
  ])("fault %s answers %i", async (kind, status) => {
    await h.control("PUT", "/_emulator/faults", { rate: 1, kinds: [kind] });
    try {
      const res = await h.call("GET", "/api/insights/processing/duration");
      expect(res.status).toBe(status);
      if (status === 429) expect(res.headers.get("retry-after")).not.toBeNull();
      else expect(res.body.detail).toBeTypeOf("string");
    } finally {
      await h.control("PUT", "/_emulator/faults", { rate: 0 });
    }
  });

  it("a reset fault processes the request, then drops the connection", async () => {
    await h.control("PUT", "/_emulator/faults", {
      rate: 1,
      kinds: ["reset"],
      pathPattern: "^/api/submissions$",
    });
    try {
      const before = (await h.control("GET", "/_emulator/ledger")).body.submissions;
      await expect(
        h.call("POST", "/api/submissions", {
          key: h.emu.sandboxKey,
          body: {
            assets: [{ blobPath: `${randomUUID()}/a__sandbox_pass__.mp4` }],
            sidekickIds: SIDEKICKS,
          },
        }),
      ).rejects.toThrow();
      expect((await h.control("GET", "/_emulator/ledger")).body.submissions).toBe(before + 1);
      // The path pattern limits faults to matching paths.
      expect((await h.call("GET", "/api/insights/processing/duration")).status).toBe(200);
    } finally {
      await h.control("PUT", "/_emulator/faults", { rate: 0 });
    }
  });

  it("faults are reproducible with a seed", async () => {
    const run = async () => {
      await h.control("PUT", "/_emulator/faults", { rate: 0.5, kinds: ["500", "502"], seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await h.call("GET", "/api/insights/processing/duration")).status);
      return statuses;
    };
    const first = await run();
    const second = await run();
    await h.control("PUT", "/_emulator/faults", { rate: 0 });
    expect(second).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it("a delay fault still answers", async () => {
    await h.control("PUT", "/_emulator/faults", { rate: 1, kinds: ["delay"], delayMs: 1 });
    try {
      expect((await h.call("GET", "/api/insights/processing/duration")).status).toBe(200);
    } finally {
      await h.control("PUT", "/_emulator/faults", { rate: 0 });
    }
  });

  it("422 for an invalid control plane body", async () => {
    expect((await h.control("PUT", "/_emulator/faults", { rate: 2 })).status).toBe(422);
    expect(
      (await h.control("PUT", "/_emulator/rate-limits", { nope: { limit: 1, windowSeconds: 1 } }))
        .status,
    ).toBe(422);
    // Retry-After must stay a finite number of seconds.
    expect(
      (
        await h.control("PUT", "/_emulator/rate-limits", {
          upload: { limit: 0, windowSeconds: 1e308 },
        })
      ).status,
    ).toBe(422);
  });
});
