import type pg from "pg";
import type { Job, PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import type { AttemptInfo } from "../../../../relay/journal/index.ts";
import { startPostgresWorker } from "../../../../relay/journal/postgres/postgres-worker.ts";

const SLOW_QUERY_MS = 300;
const TIMEOUT_MS = 1000;

/** A pool whose every query takes a while (a database under load). */
function slowPool(
  options: { failDoneWrites?: number; onQuery?: (at: number) => void } = {},
): pg.Pool {
  let failures = options.failDoneWrites ?? 0;
  const row = {
    seq: "1",
    id: "msg-slow",
    submission_id: "s-slow",
    payload: { kind: "link.registered", submissionId: "s-slow" },
    state: "pending",
    attempts: 0,
    last_error: null,
    received_at: new Date(),
    updated_at: new Date(),
  };
  return {
    query: async (text: string) => {
      options.onQuery?.(Date.now());
      await new Promise((resolve) => setTimeout(resolve, SLOW_QUERY_MS));
      if (text.includes("state = 'done'") && failures > 0) {
        failures -= 1;
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
          code: "ECONNREFUSED",
        });
      }
      return text.startsWith("SELECT") ? { rows: [row], rowCount: 1 } : { rows: [], rowCount: 1 };
    },
  } as unknown as pg.Pool;
}

describe("startPostgresWorker", () => {
  it("counts an attempt's deadline from when the job was taken, its own queries included", async () => {
    let takenAt = 0;
    let firstQueryAt = 0;
    let seen: AttemptInfo | undefined;
    const job = {
      id: "job-1",
      data: { id: "msg-slow" },
      retryCount: 0,
      signal: new AbortController().signal,
    } as unknown as Job<{ id: string }>;
    const boss = {
      work: async (_queue: string, _options: unknown, run: (jobs: Job[]) => Promise<unknown>) => {
        takenAt = Date.now();
        await run([job]);
      },
      complete: async () => ({ jobs: [], requested: 1, affected: 1 }),
    } as unknown as PgBoss;
    await startPostgresWorker(
      {
        boss,
        queue: "q",
        pool: slowPool({
          onQuery: (at) => {
            if (firstQueryAt === 0) firstQueryAt = at;
          },
        }),
        s: '"relay"',
        retry: { maxAttempts: 3, baseMs: 1000, maxMs: 1000 },
        retryLimit: 7,
        concurrency: 1,
        handlerTimeoutMs: TIMEOUT_MS,
        leaseMs: 3 * TIMEOUT_MS,
        stop: new AbortController().signal,
      },
      async (_entry, attempt) => {
        seen = attempt;
      },
      {},
    );
    // Two slow queries (the entry, its `processing` mark) ran before the handler: they count.
    // The clock starts between the job's taking and the first query, however slow the machine;
    // a deadline counted after the queries would fall 2 * SLOW_QUERY_MS past the upper bound.
    expect(firstQueryAt).toBeGreaterThan(0);
    expect(seen?.deadline).toBeGreaterThanOrEqual(takenAt + TIMEOUT_MS);
    expect(seen?.deadline).toBeLessThanOrEqual(firstQueryAt + TIMEOUT_MS);
  });

  it("waits out an outage to record the entry done, then settles its job itself at once", async () => {
    const settled: unknown[] = [];
    const journalErrors: number[] = [];
    const job = {
      id: "job-2",
      data: { id: "msg-slow" },
      retryCount: 0,
      signal: new AbortController().signal,
    } as unknown as Job<{ id: string }>;
    let result: unknown;
    const boss = {
      work: async (_queue: string, _options: unknown, run: (jobs: Job[]) => Promise<unknown>) => {
        result = await run([job]);
      },
      complete: async (_queue: string, attempt: unknown) => {
        settled.push(attempt);
        return { jobs: [], requested: 1, affected: 1 };
      },
    } as unknown as PgBoss;
    await startPostgresWorker(
      {
        boss,
        queue: "q",
        pool: slowPool({ failDoneWrites: 2 }),
        s: '"relay"',
        retry: { maxAttempts: 3, baseMs: 1000, maxMs: 1000 },
        retryLimit: 7,
        concurrency: 1,
        handlerTimeoutMs: TIMEOUT_MS,
        leaseMs: 60_000,
        stop: new AbortController().signal,
      },
      async () => undefined,
      { onJournalError: (_error, delayMs) => journalErrors.push(delayMs) },
    );
    // Backed off between tries (100 ms, then 200 ms), never waiting for the lease.
    expect(journalErrors).toEqual([100, 200]);
    expect(result).toEqual([{ id: "job-2", status: "completed" }]);
    // pg-boss settles a job once; had the database been down then, the job would sit out its
    // lease. Settled here too, pg-boss's own settlement finds it settled.
    expect(settled).toEqual([{ id: "job-2", retryCount: 0 }]);
  });

  it.each([
    { outcome: "completed", fails: false },
    { outcome: "failed", fails: true },
  ])(
    "settles a $outcome job itself with no outage during it, retrying the settlement through one",
    async ({ fails }) => {
      // The database is gone when the job is settled, right after its entry's state was
      // written: the settlement is retried with backoff, not left to the lease.
      const calls: { how: string; attempt: unknown }[] = [];
      let refusals = 2;
      const settle = (how: string) => async (_queue: string, attempt: unknown) => {
        calls.push({ how, attempt });
        if (refusals > 0) {
          refusals -= 1;
          throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
            code: "ECONNREFUSED",
          });
        }
        return { jobs: [], requested: 1, affected: 1 };
      };
      const job = {
        id: "job-3",
        data: { id: "msg-slow" },
        retryCount: 1,
        signal: new AbortController().signal,
      } as unknown as Job<{ id: string }>;
      let result: unknown;
      const boss = {
        work: async (_queue: string, _options: unknown, run: (jobs: Job[]) => Promise<unknown>) => {
          result = await run([job]);
        },
        complete: settle("complete"),
        fail: settle("fail"),
      } as unknown as PgBoss;
      const journalErrors: number[] = [];
      await startPostgresWorker(
        {
          boss,
          queue: "q",
          pool: slowPool(),
          s: '"relay"',
          retry: { maxAttempts: 5, baseMs: 1000, maxMs: 1000 },
          retryLimit: 9,
          concurrency: 1,
          handlerTimeoutMs: TIMEOUT_MS,
          leaseMs: 60_000,
          stop: new AbortController().signal,
        },
        async () => {
          if (fails) throw new Error("Slack answered 500");
        },
        { onJournalError: (_error, delayMs) => journalErrors.push(delayMs) },
      );
      const how = fails ? "fail" : "complete";
      expect(calls).toEqual(Array(3).fill({ how, attempt: { id: "job-3", retryCount: 1 } }));
      expect(journalErrors).toEqual([100, 200]);
      expect(result).toMatchObject([{ id: "job-3", status: fails ? "failed" : "completed" }]);
    },
  );
});
