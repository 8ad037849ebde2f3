import type pg from "pg";
import type { Job, PgBoss } from "pg-boss";
import { attemptDeadline, errorText } from "../attempt-deadline.ts";
import type { EntryRetryPolicy } from "../entry-retry-policy.ts";
import type { EntryHandler, WorkerHooks } from "../journal.ts";
import { journalBackoffMs } from "../journal-backoff.ts";
import { type AttemptStore, runAttempt } from "../run-attempt.ts";
import { type PostgresQueries, postgresQueries } from "./postgres-queries.ts";
import { type PostgresEventRow, toPostgresEntry } from "./postgres-rows.ts";

export interface PostgresWorkerOptions {
  readonly boss: PgBoss;
  readonly queue: string;
  readonly pool: pg.Pool;
  /** The relay schema, quoted. */
  readonly s: string;
  readonly retry: EntryRetryPolicy;
  /** Retries pg-boss allows a job (the handler dead-letters before it runs out). */
  readonly retryLimit: number;
  readonly concurrency: number;
  readonly handlerTimeoutMs: number;
  /** The job's lease (ms): past it another replica may take the job over. */
  readonly leaseMs: number;
  /** Aborted at shutdown. */
  readonly stop: AbortSignal;
}

/** Runs a query, retrying through an outage with backoff until `until` (then it throws). */
type Patiently = <T>(query: () => Promise<T>, until: number) => Promise<T>;

/**
 * The worker's way with its own queries: through an outage it retries with backoff (its
 * failures in a row counted across queries) until `until`, so that work resumes as soon as
 * the database is back instead of waiting out the job's lease.
 */
function patience(stop: AbortSignal, hooks: WorkerHooks): Patiently {
  let journalFailures = 0;
  return async function patiently<T>(query: () => Promise<T>, until: number): Promise<T> {
    for (;;) {
      try {
        const result = await query();
        journalFailures = 0;
        return result;
      } catch (error) {
        journalFailures += 1;
        const delay = journalBackoffMs(journalFailures);
        if (stop.aborted || Date.now() + delay >= until) throw error;
        hooks.onJournalError?.(error, delay);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
}

/**
 * The Postgres side of an attempt: it only persists, each write waiting out an outage, the
 * `processing` mark until the attempt's deadline, the settlement until the lease ends.
 */
function postgresAttemptStore(
  pool: pg.Pool,
  q: PostgresQueries,
  patiently: Patiently,
  deadline: number,
  leaseEnd: number,
): AttemptStore {
  return {
    keepsNotBefore: false,
    begin: async (entry, attempt) => {
      await patiently(() => pool.query(q.markProcessing, [entry.id, attempt]), deadline);
    },
    persist: async (entry, settlement, lastError) => {
      const { state, attempts } = settlement;
      const write =
        state === "done"
          ? () => pool.query(q.markDone, [entry.id, attempts])
          : () => pool.query(q.settle, [entry.id, state, attempts, lastError]);
      await patiently(write, leaseEnd);
    },
  };
}

/**
 * Works the queue: batches of up to `concurrency` jobs (the heads of different submissions)
 * run in parallel; a full batch fetches the next one at once instead of waiting for the poll,
 * and so does a batch that settled a job (the next event of its submission may run now).
 * Resolves with a wake-up (see {@link workJobs}).
 */
export async function startPostgresWorker(
  options: PostgresWorkerOptions,
  handler: EntryHandler,
  hooks: WorkerHooks,
): Promise<() => void> {
  const { pool, retry } = options;
  const q = postgresQueries(options.s);
  const patiently = patience(options.stop, hooks);
  const store = (deadline: number, leaseEnd: number) =>
    postgresAttemptStore(pool, q, patiently, deadline, leaseEnd);

  /** Handles one job; resolves to complete it, or rejects to fail it (retried by pg-boss). */
  async function handle(job: Job<{ id: string }>): Promise<void> {
    const leaseEnd = Date.now() + options.leaseMs;
    // The attempt's deadline counts from when the job was taken, queries included: it must end
    // well before the lease does, however slow the database is.
    const deadline = attemptDeadline(options.handlerTimeoutMs, [job.signal, options.stop]);
    try {
      const read = () => pool.query<PostgresEventRow>(q.entry, [job.data.id]);
      const row = (await patiently(read, deadline.deadline)).rows[0];
      if (row === undefined || row.state === "done" || row.state === "dead") return;
      const result = await runAttempt(toPostgresEntry(row), {
        handler,
        hooks,
        policy: retry,
        store: store(deadline.deadline, leaseEnd),
        deadline,
        // pg-boss's own retries ran out: this run settles for good (a failed job would hold
        // back the submission's later events).
        finalRun: job.retryCount >= options.retryLimit,
      });
      // A retry is pg-boss's: fail the job, and its backoff schedules the next run.
      if (result?.settlement.state === "pending") throw result.failure?.error;
    } finally {
      deadline.dispose();
    }
  }

  /**
   * Runs a job, settles it itself, patiently, and says how it ended. pg-boss settles a batch
   * once, after all its jobs have run; should the database be gone at that moment (during the
   * job, or just after its entry's state was written), the job would sit out its whole lease,
   * and its submission's later events with it. Settled here as soon as the database answers,
   * pg-boss's own settlement then finds it settled and changes nothing (its attempt fence). The
   * cost is one query per job.
   */
  async function run(job: Job<{ id: string }>): Promise<JobResult> {
    const leaseEnd = Date.now() + options.leaseMs;
    let result: JobResult;
    try {
      await handle(job);
      result = { id: job.id, status: "completed" };
    } catch (error) {
      result = { id: job.id, status: "failed", output: { message: errorText(error) } };
    }
    const attempt = { id: job.id, retryCount: job.retryCount };
    const settle =
      result.status === "completed"
        ? () => options.boss.complete(options.queue, attempt)
        : () => options.boss.fail(options.queue, attempt, result.output);
    await patiently(settle, leaseEnd).catch(() => undefined);
    return result;
  }

  return workJobs(options, run);
}

/** How a job ended, as pg-boss takes it back from a batch (`perJobResults`). */
type JobResult =
  | { id: string; status: "completed" }
  | { id: string; status: "failed"; output: { message: string } };

/**
 * Has pg-boss fetch the queue's jobs in batches for `run`. Resolves with a wake-up: called after
 * an entry is journaled, the worker fetches at once instead of at its next poll.
 */
async function workJobs(
  options: PostgresWorkerOptions,
  run: (job: Job<{ id: string }>) => Promise<JobResult>,
): Promise<() => void> {
  let workerId: string | null = null;
  const wake = () => {
    if (workerId !== null) options.boss.notifyWorker(workerId);
  };
  workerId = await options.boss.work<{ id: string }>(
    options.queue,
    {
      batchSize: options.concurrency,
      perJobResults: true,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: 0.5,
    },
    async (jobs) => {
      const results = await Promise.all(jobs.map(run));
      // The successors of the jobs just settled are free to run: one fetch at once, not at the
      // next poll (a fetch that finds nothing goes back to polling).
      wake();
      return results;
    },
  );
  return wake;
}
