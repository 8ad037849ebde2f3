import type pg from "pg";
import type { Job, PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import type { AttemptInfo, EntryHandler, WorkerHooks } from "../../../../relay/journal/index.ts";
import {
  type PostgresWorkerOptions,
  startPostgresWorker,
} from "../../../../relay/journal/postgres/postgres-worker.ts";

// Long enough that two queries before the handler move a deadline counted after them past the
// bound below (any whole milliseconds would), short enough not to hold the file up.
const SLOW_QUERY_MS = 50;
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

type Settle = (queue: string, attempt: unknown) => Promise<unknown>;
const SETTLED = { jobs: [], requested: 1, affected: 1 };

/**
 * Runs the worker on one job of entry `msg-slow` through a stand-in of pg-boss whose `work`
 * hands it over at once: resolves with when it was taken and what the worker returned for it.
 */
async function workOneJob(
  setup: {
    readonly pool: pg.Pool;
    readonly retryCount?: number;
    readonly complete?: Settle;
    readonly fail?: Settle;
    readonly handler?: EntryHandler;
    readonly hooks?: WorkerHooks;
  } & Partial<Pick<PostgresWorkerOptions, "retry" | "retryLimit" | "leaseMs">>,
): Promise<{ takenAt: number; result: unknown }> {
  const job = {
    id: "job-1",
    data: { id: "msg-slow" },
    retryCount: setup.retryCount ?? 0,
    signal: new AbortController().signal,
  } as unknown as Job<{ id: string }>;
  let takenAt = 0;
  let result: unknown;
  const boss = {
    work: async (_queue: string, _options: unknown, run: (jobs: Job[]) => Promise<unknown>) => {
      takenAt = Date.now();
      result = await run([job]);
    },
    complete: setup.complete ?? (async () => SETTLED),
    // None unless given: a job the worker failed where it should not would throw.
    ...(setup.fail === undefined ? {} : { fail: setup.fail }),
  } as unknown as PgBoss;
  await startPostgresWorker(
    {
      boss,
      queue: "q",
      pool: setup.pool,
      s: '"relay"',
      retry: setup.retry ?? { maxAttempts: 3, baseMs: 1000, maxMs: 1000 },
      retryLimit: setup.retryLimit ?? 7,
      concurrency: 1,
      handlerTimeoutMs: TIMEOUT_MS,
      leaseMs: setup.leaseMs ?? 60_000,
      stop: new AbortController().signal,
    },
    setup.handler ?? (async () => undefined),
    setup.hooks ?? {},
  );
  return { takenAt, result };
}

describe("startPostgresWorker", () => {
  it("counts an attempt's deadline from when the job was taken, its own queries included", async () => {
    let firstQueryAt = 0;
    let seen: AttemptInfo | undefined;
    const { takenAt } = await workOneJob({
      pool: slowPool({
        onQuery: (at) => {
          if (firstQueryAt === 0) firstQueryAt = at;
        },
      }),
      leaseMs: 3 * TIMEOUT_MS,
      handler: async (_entry, attempt) => {
        seen = attempt;
      },
    });
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
    const { result } = await workOneJob({
      pool: slowPool({ failDoneWrites: 2 }),
      complete: async (_queue, attempt) => {
        settled.push(attempt);
        return SETTLED;
      },
      hooks: { onJournalError: (_error, delayMs) => journalErrors.push(delayMs) },
    });
    // Backed off between tries (100 ms, then 200 ms), never waiting for the lease.
    expect(journalErrors).toEqual([100, 200]);
    expect(result).toEqual([{ id: "job-1", status: "completed" }]);
    // pg-boss settles a job once; had the database been down then, the job would sit out its
    // lease. Settled here too, pg-boss's own settlement finds it settled.
    expect(settled).toEqual([{ id: "job-1", retryCount: 0 }]);
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
      const settle =
        (how: string): Settle =>
        async (_queue, attempt) => {
          calls.push({ how, attempt });
          if (refusals > 0) {
            refusals -= 1;
            throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
              code: "ECONNREFUSED",
            });
          }
          return SETTLED;
        };
      const journalErrors: number[] = [];
      const { result } = await workOneJob({
        pool: slowPool(),
        retryCount: 1,
        complete: settle("complete"),
        fail: settle("fail"),
        retry: { maxAttempts: 5, baseMs: 1000, maxMs: 1000 },
        retryLimit: 9,
        handler: async () => {
          if (fails) throw new Error("Slack answered 500");
        },
        hooks: { onJournalError: (_error, delayMs) => journalErrors.push(delayMs) },
      });
      const how = fails ? "fail" : "complete";
      expect(calls).toEqual(Array(3).fill({ how, attempt: { id: "job-1", retryCount: 1 } }));
      expect(journalErrors).toEqual([100, 200]);
      expect(result).toMatchObject([{ id: "job-1", status: fails ? "failed" : "completed" }]);
    },
  );
});
