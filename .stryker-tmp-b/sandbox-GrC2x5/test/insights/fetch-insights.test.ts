// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { ContentReviewClient } from "../../src/api/index.ts";
import { fetchInsights, type InsightsSource, summarizeInsights } from "../../src/insights/index.ts";

describe("fetchInsights", () => {
  it("asks for the period, cuts the daily points to it, oldest first, and ranks rules", async () => {
    const calls: unknown[] = [];
    const days = Array.from({ length: 10 }, (_, i) => ({
      date: `2026-11-${String(13 + i).padStart(2, "0")}`,
      rate: 0.5,
      total: 2,
      withViolations: 1,
    }));
    const source: InsightsSource = {
      getTimeSavedInsight: async (q) => {
        calls.push(["timeSaved", q]);
        return {
          avgTimeSavedSeconds: 1,
          totalTimeSavedSeconds: 2,
          assetCount: 2,
          manualBaselineSeconds: 600,
        };
      },
      getViolationRateInsight: async () => [...days].reverse(),
      getProcessingDurationInsight: async () => ({
        avgSeconds: 1,
        p50Seconds: 1,
        p95Seconds: 2,
        sampleCount: 2,
      }),
      getTopViolationsInsight: async (q) => {
        calls.push(["top", q]);
        return [
          { ruleCode: "B", count: 1 },
          { ruleCode: "A", count: 5 },
        ];
      },
    };
    const report = await fetchInsights(source, {
      days: 3,
      manualBaselineSeconds: 600,
      limit: 5,
      now: () => Date.UTC(2026, 10, 22, 8),
    });
    expect(calls).toEqual([
      ["timeSaved", { days: 3, manualBaselineSeconds: 600 }],
      ["top", { days: 3, limit: 5 }],
    ]);
    expect(report.violationRate.map((p) => p.date)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(report.topViolations.map((t) => t.ruleCode)).toEqual(["A", "B"]);
    expect(report.generatedAt).toBe("2026-11-22T08:00:00.000Z");
    expect(summarizeInsights(report)).toMatchObject({
      assetsInPeriod: 6,
      assetsWithViolations: 3,
      violationRate: 0.5,
      topRule: { ruleCode: "A", count: 5 },
    });
  });
});

describe("fetchInsights against the emulator", () => {
  let emu: EmulatorHandle;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
  });
  afterAll(() => emu.close());

  it("reads the four insights of the live workspace", async () => {
    const client = new ContentReviewClient({ apiKey: emu.liveKey, baseUrl: emu.baseUrl });
    const { writeFile, mkdtemp, rm } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(join(tmpdir(), "insights-"));
    try {
      const file = join(dir, "ad.txt");
      await writeFile(file, "Guaranteed results, guaranteed!\n");
      const { blobPath } = await client.uploadFile(file);
      const sub = await client.createSubmission({ assets: [{ blobPath }], sidekickIds: ["x"] });
      await client.waitForSubmission(sub.submissionId, { initialIntervalMs: 10 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const report = await fetchInsights(client, { days: 7 });
    expect(report.days).toBe(7);
    expect(report.violationRate).toHaveLength(7);
    expect(report.violationRate.at(-1)).toMatchObject({ total: 1, withViolations: 1, rate: 1 });
    expect(report.timeSaved.assetCount).toBe(1);
    expect(report.duration.sampleCount).toBe(1);
    expect(report.topViolations).toEqual([{ ruleCode: "CLAIM_GUARANTEE", count: 2 }]);
  });
});
