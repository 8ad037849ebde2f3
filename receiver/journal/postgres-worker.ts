import type pg from "pg";
import type { Job, PgBoss } from "pg-boss";
import { attemptDeadline, errorText } from "./attempt-deadline.ts";
import type { EntryHandler, WorkerHooks } from "./journal.ts";
import { journalBackoffMs } from "./journal-backoff.ts";
import { type PostgresEventRow, toPostgresEntry } from "./postgres-rows.ts";
import { retryNotBefore } from "./retry-not-before.ts";
import type { RetryPolicy } from "./retry-policy.ts";

export interface PostgresWorkerOptions {
  readonly boss: PgBoss;
  readonly queue: string;
  readonly pool: pg.Pool;
  /** The relay schema, quoted. */
  readonly s: string;
  readonly retry: RetryPolicy;
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
   * Writes an entry's new state, retrying through an outage with backoff while the job's lease
   * lasts: the job is completed or failed as soon as the database is back, instead of waiting
   * out the lease.
   */
  async function persist(text: string, values: unknown[], leaseEnd: number): Promise<void> {
    for (;;) {
      try {
        await pool.query(text, values);
        journalFailures = 0;
        return;
      } catch (error) {
        journalFailures += 1;
        const delay = journalBackoffMs(journalFailures);
        if (options.stop.aborted || Date.now() + delay >= leaseEnd) throw error;
        hooks.onJournalError?.(error, delay);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async function handle(job: Job<{ id: string }>): Promise<void> {
    const takenAt = Date.now();
    const leaseEnd = takenAt + options.leaseMs;
    // The attempt's deadline counts from when the job was taken, queries included: it must end
    // well before the lease does, however slow the database is.
    const deadline = attemptDeadline(options.handlerTimeoutMs, [job.signal, options.stop]);
    try {
      const { rows } = await pool.query<PostgresEventRow>(
        `SELECT * FROM ${s}.events WHERE id = $1`,
        [job.data.id],
      );
      const row = rows[0];
      if (row === undefined || row.state === "done" || row.state === "dead") return;
      const attempt = job.retryCount + 1;
      const isLast = attempt >= retry.maxAttempts;
      await pool.query(
        `UPDATE ${s}.events SET state = 'processing', attempts = $2, updated_at = now() WHERE id = $1`,
        [row.id, attempt],
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
        await persist(
          `UPDATE ${s}.events SET state = $2, last_error = $3, updated_at = now() WHERE id = $1`,
          [row.id, dead ? "dead" : "pending", errorText(error)],
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
      await persist(
        `UPDATE ${s}.events SET state = 'done', last_error = NULL, updated_at = now() WHERE id = $1`,
        [row.id],
        leaseEnd,
      );
      hooks.onDone?.(entry);
    } finally {
      deadline.dispose();
    }
  }

  await options.boss.work<{ id: string }>(
    options.queue,
    {
      batchSize: options.concurrency,
      perJobResults: true,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: 0.5,
    },
    async (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            await handle(job);
            return { id: job.id, status: "completed" as const };
          } catch (error) {
            return { id: job.id, status: "failed" as const, output: { message: errorText(error) } };
          }
        }),
      ),
  );
}
