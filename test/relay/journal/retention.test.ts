import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startRetention } from "../../../relay/journal/retention.ts";
import { createLogger } from "../../../relay/logger.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23);

describe("startRetention", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("deletes in small batches with pauses, then sleeps until the next sweep", async () => {
    const batches = [500, 500, 120, 0, 30];
    const prunes: { before: number; limit: number; at: number }[] = [];
    const pruned: number[] = [];
    const retention = startRetention({
      journal: {
        prune: async (before, limit) => {
          prunes.push({ before, limit, at: Date.now() - NOW });
          return batches.shift() ?? 0;
        },
      },
      retentionDays: 30,
      logger: createLogger("silent"),
      onPruned: (n) => pruned.push(n),
      batchSize: 500,
      pauseMs: 100,
      intervalMs: 60_000,
      firstSweepMs: 5000,
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(prunes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(200);
    // Two full batches, a pause after each, then a short one ends the sweep.
    expect(prunes.map((p) => p.at)).toEqual([5000, 5100, 5200]);
    expect(prunes[0]).toMatchObject({ before: NOW + 5000 - 30 * DAY, limit: 500 });
    expect(pruned).toEqual([500, 500, 120]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(prunes.map((p) => p.at)).toEqual([5000, 5100, 5200, 65_200]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pruned).toEqual([500, 500, 120, 30]);
    await retention.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(prunes).toHaveLength(5);
  });

  it("keeps going after a failed sweep", async () => {
    let calls = 0;
    const retention = startRetention({
      journal: {
        prune: async () => {
          calls += 1;
          if (calls === 1) throw new Error("journal busy");
          return 0;
        },
      },
      retentionDays: 1,
      logger: createLogger("silent"),
      intervalMs: 1000,
      firstSweepMs: 0,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await retention.stop();
  });

  it.each([
    { dedupeDays: 45, days: 45 },
    { dedupeDays: 120, days: 120 },
    { dedupeDays: undefined, days: 90 },
  ])(
    "deletes delivery ids older than dedupeDays ($dedupeDays: $days days) after the entries, in batches too",
    async ({ dedupeDays, days }) => {
      const ids = [500, 7];
      const calls: { before: number; limit: number }[] = [];
      const retention = startRetention({
        journal: {
          prune: async () => 0,
          pruneDeliveryIds: async (before, limit) => {
            calls.push({ before, limit });
            return ids.shift() ?? 0;
          },
        },
        retentionDays: 30,
        ...(dedupeDays === undefined ? {} : { dedupeDays }),
        logger: createLogger("silent"),
        batchSize: 500,
        pauseMs: 100,
        firstSweepMs: 0,
      });
      await vi.advanceTimersByTimeAsync(200);
      expect(calls).toEqual([
        { before: NOW - days * DAY, limit: 500 },
        { before: NOW + 100 - days * DAY, limit: 500 },
      ]);
      await retention.stop();
    },
  );
});
