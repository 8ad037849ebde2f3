import type pg from "pg";
import type { Job, PgBoss } from "pg-boss";
import { attemptDeadline, errorText } from "./attempt-deadline.ts";
import type { EntryRetryPolicy } from "./entry-retry-policy.ts";
import type { EntryHandler, WorkerHooks } from "./journal.ts";
import { journalBackoffMs } from "./journal-backoff.ts";
import { type PostgresEventRow, toPostgresEntry } from "./postgres-rows.ts";
import { retryNotBefore } from "./retry-not-before.ts";

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

/**
 * Works the queue: batches of up to `concurrency` jobs (the heads of different submissions)
 * run in parallel; a full batch fetches the next one at once instead of waiting for the poll.
 */
export async function startPostgresWorker(
  options: PostgresWorkerOptions,
  handler: EntryHandler,
  hooks: WorkerHooks,
): Promise<void> {
  const { pool, s, retry } = options;
  let journalFailures = 0;

  /**
   * Runs one of the worker's own queries, retrying through an outage with backoff until
   * `until` (then it throws): work resumes as soon as the database is back, instead of
   * waiting out the job's lease.
   */
  async function patiently<T>(query: () => Promise<T>, until: number) {
    for (;;) {
      try {
        const result = await query();
        journalFailures = 0;
        return result;
      } catch (error) {
        journalFailures += 1;
        const delay = journalBackoffMs(journalFailures);
        if (options.stop.aborted || Date.now() + delay >= until) throw error;
        hooks.onJournalError?.(error, delay);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** Handles one job; resolves with its result, or rejects to fail it (retried by pg-boss). */
  async function handle(job: Job<{ id: string }>): Promise<void> {
    const leaseEnd = Date.now() + options.leaseMs;
    // The attempt's deadline counts from when the job was taken, queries included: it must end
    // well before the lease does, however slow the database is.
    const deadline = attemptDeadline(options.handlerTimeoutMs, [job.signal, options.stop]);
    try {
      const { rows } = await patiently(
        () =>
          pool.query<PostgresEventRow>(`SELECT * FROM ${s}.events WHERE id = $1`, [job.data.id]),
        deadline.deadline,
      );
      const row = rows[0];
      if (row === undefined || row.state === "done" || row.state === "dead") return;
      const attempt = job.retryCount + 1;
      const isLast = attempt >= retry.maxAttempts;
      await patiently(
        () =>
          pool.query(
            `UPDATE ${s}.events SET state = 'processing', attempts = $2, updated_at = now() WHERE id = $1`,
            [row.id, attempt],
          ),
        deadline.deadline,
      );
      const entry = { ...toPostgresEntry(row), state: "processing" as const, attempts: attempt };
      try {
        await handler(entry, {
          attempt,
          isLast,
          signal: deadline.signal,
          deadline: deadline.deadline,
        });
      } catch (error) {
        // A held claim is no reason to give up: pg-boss's spare retries wait it out.
        const dead =
          isLast && (retryNotBefore(error) === undefined || job.retryCount >= options.retryLimit);
        await patiently(
          () =>
            pool.query(
              `UPDATE ${s}.events SET state = $2, last_error = $3, updated_at = now() WHERE id = $1`,
              [row.id, dead ? "dead" : "pending", errorText(error)],
            ),
          leaseEnd,
        );
        if (dead) {
          // Complete the job: a failed job would hold back the submission's later events.
          hooks.onDead?.(entry, error);
          return;
        }
        hooks.onRetry?.(entry, error, null);
        throw error;
      }
      await patiently(
        () =>
          pool.query(
            `UPDATE ${s}.events SET state = 'done', last_error = NULL, updated_at = now() WHERE id = $1`,
            [row.id],
          ),
        leaseEnd,
      );
      hooks.onDone?.(entry);
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
  async function run(job: Job<{ id: string }>) {
    const leaseEnd = Date.now() + options.leaseMs;
    let result:
      | { id: string; status: "completed" }
      | { id: string; status: "failed"; output: { message: string } };
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

  await options.boss.work<{ id: string }>(
    options.queue,
    {
      batchSize: options.concurrency,
      perJobResults: true,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: 0.5,
    },
    async (jobs) => Promise.all(jobs.map(run)),
  );
}
