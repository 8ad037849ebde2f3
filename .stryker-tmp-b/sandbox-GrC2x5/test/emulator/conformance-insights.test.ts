// @ts-nocheck
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIDEKICKS, startHarness } from "./emulator-harness.ts";

describe("emulator insights (parts 2.13 and 4.13), from real state, sandbox excluded", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    const texts = ["guaranteed and guaranteed", "clinically proven, guaranteed", "nothing to see"];
    for (const [i, text] of texts.entries()) {
      const blobPath = await h.upload(`doc${i}.txt`, "text/plain", Buffer.from(text));
      const sub = await h.call("POST", "/api/submissions", {
        body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
      });
      await h.waitForSubmission(sub.body.submissionId);
    }
    // Sandbox findings must not count.
    await h.call("POST", "/api/submissions", {
      key: h.emu.sandboxKey,
      body: {
        assets: [{ blobPath: `${randomUUID()}/a__sandbox_fail__.mp4` }],
        sidekickIds: SIDEKICKS,
      },
    });
  });
  afterAll(() => h.close());

  it("top-violations ranks rule codes by count, honouring limit", async () => {
    const res = await h.call("GET", "/api/insights/rules/top-violations");
    expect(res.body).toEqual([
      { ruleCode: "CLAIM_GUARANTEE", count: 3 },
      { ruleCode: "CLAIM_CLINICAL", count: 1 },
    ]);
    const limited = await h.call("GET", "/api/insights/rules/top-violations?limit=1&days=7");
    expect(limited.body).toHaveLength(1);
  });

  it("violation-rate has one element per day; today counts 2 of 3 assets", async () => {
    const res = await h.call("GET", "/api/insights/assets/violation-rate");
    expect(res.body).toHaveLength(30);
    const today = res.body.at(-1);
    expect(today).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      total: 3,
      withViolations: 2,
    });
    expect(today.rate).toBeCloseTo(2 / 3, 3);
  });

  it("duration counts the three live assets", async () => {
    const res = await h.call("GET", "/api/insights/processing/duration");
    expect(res.body.sampleCount).toBe(3);
    expect(res.body.p95Seconds).toBeGreaterThanOrEqual(res.body.p50Seconds);
  });

  it("time-saved uses the baseline parameter", async () => {
    const res = await h.call(
      "GET",
      "/api/insights/processing/time-saved?days=30&manualBaselineSeconds=600",
    );
    expect(res.body.assetCount).toBe(3);
    expect(res.body.manualBaselineSeconds).toBe(600);
    expect(res.body.totalTimeSavedSeconds).toBeGreaterThan(1790);
    expect(res.body.totalTimeSavedSeconds).toBeLessThanOrEqual(1800);
  });

  it.each([
    "/api/insights/processing/time-saved?days=0",
    "/api/insights/processing/time-saved?days=366",
    "/api/insights/processing/time-saved?manualBaselineSeconds=-1",
    "/api/insights/rules/top-violations?limit=51",
    "/api/insights/rules/top-violations?days=abc",
  ])("422 for %s", async (path) => {
    const res = await h.call("GET", path);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc[0]).toBe("query");
  });
});
