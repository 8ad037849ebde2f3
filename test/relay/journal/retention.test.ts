// Mutants of retention.ts left alive on purpose (bench/RESULTS.md, "Mutation testing"): both
// are equivalent. `timer.unref()` dropped: fake timers never keep a process alive. The last
// `if (!stopped)` before the interval's pause made `true`: after `stop` the loop sets one more
// unref'd timer, then ends.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startRetention } from "../../../relay/journal/retention.ts";
import { createLogger } from "../../../relay/logger.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23);

/** A journal whose every prune waits until `release` says how many it deleted. */
function heldPrunes() {
  let calls = 0;
  let resolveLast: (n: number) => void = () => undefined;
  return {
    journal: {
      prune: () => {
        calls += 1;
        return new Promise<number>((resolve) => {
          resolveLast = resolve;
        });
      },
    },
    release: (deleted: number) => resolveLast(deleted),
    calls: () => calls,
  };
}

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

  it("startRetention's defaults: first sweep after 5 s, batches of 500 with 100 ms pauses, then every 10 min", async () => {
    const batches = [500, 0, 0];
    const prunes: { limit: number; at: number }[] = [];
    const retention = startRetention({
      journal: {
        prune: async (_before, limit) => {
          prunes.push({ limit, at: Date.now() - NOW });
          return batches.shift() ?? 0;
        },
      },
      retentionDays: 30,
      logger: createLogger("silent"),
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(prunes).toEqual([]);
    await vi.advanceTimersByTimeAsync(101);
    expect(prunes).toEqual([
      { limit: 500, at: 5000 },
      { limit: 500, at: 5100 },
    ]);
    await vi.advanceTimersByTimeAsync(599_999);
    expect(prunes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(prunes).toHaveLength(3);
    await retention.stop();
  });

  it("startRetention logs what a sweep deleted, and a failed sweep with its error", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger("info", (line) => lines.push(JSON.parse(line)));
    const results: (number | Error)[] = [7, new Error("journal busy"), 0];
    const retention = startRetention({
      journal: {
        prune: async () => {
          const next = results.shift() ?? 0;
          if (next instanceof Error) throw next;
          return next;
        },
      },
      retentionDays: 14,
      logger,
      intervalMs: 1000,
      firstSweepMs: 0,
    });
    await vi.advanceTimersByTimeAsync(2500);
    await retention.stop();
    expect(lines.map(({ time: _time, ...rest }) => rest)).toEqual([
      {
        level: "info",
        message: "retention deleted finished entries",
        entries: 7,
        retentionDays: 14,
      },
      {
        level: "warn",
        message: "retention sweep failed; it runs again later",
        error: "journal busy",
      },
    ]);
  });

  it("startRetention's sweep runs one sweep at a time, and returns what it deleted", async () => {
    const held = heldPrunes();
    const retention = startRetention({
      journal: held.journal,
      retentionDays: 1,
      logger: createLogger("silent"),
      firstSweepMs: 60_000,
    });
    const release = held.release;
    const first = retention.sweep();
    const second = retention.sweep();
    expect(second).toBe(first);
    release(3);
    expect(await first).toBe(3);
    expect(held.calls()).toBe(1);
    const third = retention.sweep();
    expect(third).not.toBe(first);
    release(0);
    expect(await third).toBe(0);
    await retention.stop();
  });

  it("startRetention's stop ends the loop during a pause, and waits for a sweep in progress", async () => {
    const held = heldPrunes();
    const { release, calls } = held;
    const retention = startRetention({
      journal: held.journal,
      retentionDays: 1,
      logger: createLogger("silent"),
      batchSize: 1,
      pauseMs: 100,
      firstSweepMs: 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    let stopped = false;
    const stopping = retention.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release(1);
    await stopping;
    // A full batch would have paused and pruned again; stopped, it does neither.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls()).toBe(1);
  });
});
