import { randomUUID } from "node:crypto";
import pg from "pg";
import { type Job, PgBoss } from "pg-boss";
import type { RelayEvent } from "../relay-event.ts";
import { attemptDeadline, errorText } from "./attempt-deadline.ts";
import type {
  DeliveryState,
  EffectClaim,
  EffectScope,
  EntryHandler,
  Journal,
  JournalEntry,
  WorkerHooks,
} from "./journal.ts";
import { preparePostgresSchema } from "./postgres-schema.ts";
import type { RetryPolicy } from "./retry-policy.ts";

/** Options of {@link openPostgresJournal}. */
export interface PostgresJournalOptions {
  readonly connectionString: string;
  /** Schema of the relay's tables; pg-boss gets `<schema>_boss`. */
  readonly schema: string;
  readonly retry: RetryPolicy;
  /** Handlers running at once in this replica. @default 4 */
  readonly concurrency?: number;
  /** Seconds a claimed job may run before another replica takes it over (the lease). @default 60 */
  readonly expireSeconds?: number;
  /** Seconds between pg-boss's checks for expired jobs. @default 10 */
  readonly superviseSeconds?: number;
  /** The deadline of one handler attempt; well under the lease. @default a third of it */
  readonly handlerTimeoutMs?: number;
}

const QUEUE = "content-review-relay";
// pg-boss may give up on a job on its own only when a replica died holding it on every
// attempt; the handler itself dead-letters after `maxAttempts`, so leave pg-boss some slack.
const EXTRA_PG_BOSS_RETRIES = 5;

interface Row {
  seq: string;
  id: string;
  submission_id: string;
  payload: RelayEvent;
  state: string;
  attempts: number;
  last_error: string | null;
  received_at: Date;
  updated_at: Date;
}

function toEntry(row: Row): JournalEntry {
  return {
    id: row.id,
    seq: Number(row.seq),
    event: row.payload,
    state: row.state as DeliveryState,
    attempts: row.attempts,
    lastError: row.last_error,
    receivedAt: row.received_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** `host:port/database` of a connection string, without its credentials. */
function describeServer(connectionString: string, schema: string): string {
  try {
    const url = new URL(connectionString);
    return `postgres://${url.host}${url.pathname} (schema ${schema})`;
  } catch {
    return `postgres (schema ${schema})`;
  }
}

/**
 * The journal for several replicas: dedupe, relay state and effect claims in plain tables, work
 * through a pg-boss queue with the `key_strict_fifo` policy keyed by submission, so one
 * submission's events run one at a time and in order while other submissions run in parallel.
 * Every attempt has a deadline well under the job's lease, so a replica never holds work that
 * another replica may already have taken over.
 */
export async function openPostgresJournal(options: PostgresJournalOptions): Promise<Journal> {
  const s = `"${options.schema}"`;
  const expireSeconds = options.expireSeconds ?? 60;
  const handlerTimeoutMs = options.handlerTimeoutMs ?? Math.floor((expireSeconds * 1000) / 3);
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 10 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it and `/readyz` reports trouble.
  });
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  try {
    await client.query("BEGIN");
    // Replicas may start together: serialise the DDL.
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`${options.schema}.ddl`]);
    await preparePostgresSchema(client, s);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    client.release();
    await pool.end();
    throw error;
  }
  client.release();

  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: `${options.schema}_boss`,
    max: 5,
    superviseIntervalSeconds: options.superviseSeconds ?? 10,
    monitorIntervalSeconds: options.superviseSeconds ?? 10,
  });
  boss.on("error", () => {
    // pg-boss reconnects by itself; a lasting outage shows in `/readyz`.
  });
  await boss.start();
  const retryLimit = options.retry.maxAttempts - 1 + EXTRA_PG_BOSS_RETRIES;
  const queueOptions = {
    policy: "key_strict_fifo",
    retryLimit,
    retryDelay: Math.max(1, Math.round(options.retry.baseMs / 1000)),
    retryBackoff: true,
    retryDelayMax: Math.max(1, Math.round(options.retry.maxMs / 1000)),
    expireInSeconds: expireSeconds,
  } as const;
  const existing = await boss.getQueue(QUEUE);
  if (existing === null) {
    await boss.createQueue(QUEUE, queueOptions).catch(async (error: unknown) => {
      // Another replica created it first.
      if ((await boss.getQueue(QUEUE)) === null) throw error;
    });
  }

  let stopping = false;
  const stop = new AbortController();

  async function enqueue(db: pg.PoolClient, id: string, submissionId: string): Promise<void> {
    await boss.send(
      QUEUE,
      { id },
      {
        singletonKey: submissionId,
        db: { executeSql: (text: string, values?: unknown[]) => db.query(text, values) },
      },
    );
  }

  async function inTransaction<T>(fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const db = await pool.connect();
    try {
      await db.query("BEGIN");
      const result = await fn(db);
      await db.query("COMMIT");
      return result;
    } catch (error) {
      await db.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
  }

  async function handle(
    handler: EntryHandler,
    hooks: WorkerHooks,
    job: Job<{ id: string }>,
  ): Promise<void> {
    const { rows } = await pool.query<Row>(`SELECT * FROM ${s}.events WHERE id = $1`, [
      job.data.id,
    ]);
    const row = rows[0];
    if (row === undefined || row.state === "done" || row.state === "dead") return;
    const attempt = job.retryCount + 1;
    const isLast = attempt >= options.retry.maxAttempts;
    await pool.query(
      `UPDATE ${s}.events SET state = 'processing', attempts = $2, updated_at = now() WHERE id = $1`,
      [row.id, attempt],
    );
    const entry = { ...toEntry(row), state: "processing" as const, attempts: attempt };
    // pg-boss aborts job.signal when the lease is lost; the deadline comes well before that.
    const deadline = attemptDeadline(handlerTimeoutMs, [job.signal, stop.signal]);
    try {
      await handler(entry, {
        attempt,
        isLast,
        signal: deadline.signal,
        deadline: deadline.deadline,
      });
    } catch (error) {
      const next = isLast ? "dead" : "pending";
      await pool.query(
        `UPDATE ${s}.events SET state = $2, last_error = $3, updated_at = now() WHERE id = $1`,
        [row.id, next, errorText(error)],
      );
      if (isLast) {
        // Complete the job: a failed job would hold back the submission's later events.
        hooks.onDead?.(entry, error);
        return;
      }
      hooks.onRetry?.(entry, error, null);
      throw error;
    } finally {
      deadline.dispose();
    }
    await pool.query(
      `UPDATE ${s}.events SET state = 'done', last_error = NULL, updated_at = now() WHERE id = $1`,
      [row.id],
    );
    hooks.onDone?.(entry);
  }

  async function claimEffect(
    key: string,
    scope: EffectScope,
    leaseMs: number,
  ): Promise<EffectClaim> {
    // Three atomic steps, each deciding on the database's clock (replicas' clocks may differ).
    for (;;) {
      const token = randomUUID();
      const inserted = await pool.query(
        `INSERT INTO ${s}.effects (key, state, submission_id, entry_id, token, since, claimed_until, updated_at)
         VALUES ($1, 'claimed', $2, $3, $4, $5, now() + $6 * interval '1 millisecond', now())
         ON CONFLICT (key) DO NOTHING`,
        [key, scope.submissionId, scope.entryId, token, scope.since, leaseMs],
      );
      if (inserted.rowCount === 1) return { status: "new", token };
      const taken = await pool.query<{ since: string }>(
        `UPDATE ${s}.effects SET token = $2, claimed_until = now() + $3 * interval '1 millisecond',
           updated_at = now()
         WHERE key = $1 AND state = 'claimed' AND claimed_until <= now() RETURNING since`,
        [key, token, leaseMs],
      );
      const since = taken.rows[0]?.since;
      if (since !== undefined) return { status: "unknown", token, since: Number(since) };
      const { rows } = await pool.query<{ state: string; value: string | null; until: string }>(
        `SELECT state, value,
           (extract(epoch FROM greatest(claimed_until, now())) * 1000)::bigint AS until
         FROM ${s}.effects WHERE key = $1`,
        [key],
      );
      const row = rows[0];
      if (row?.state === "done") return { status: "done", value: row.value };
      if (row !== undefined) return { status: "busy", until: Number(row.until) };
      // Released between the steps: claim again.
    }
  }

  return {
    kind: "postgres",
    location: describeServer(options.connectionString, options.schema),
    async ingest(id: string, event: RelayEvent) {
      return inTransaction(async (db) => {
        const inserted = await db.query(
          `INSERT INTO ${s}.events (id, submission_id, payload) VALUES ($1, $2, $3)
           ON CONFLICT (id) DO NOTHING RETURNING seq`,
          [id, event.submissionId, JSON.stringify(event)],
        );
        if (inserted.rowCount === 0) return "duplicate" as const;
        await enqueue(db, id, event.submissionId);
        return "accepted" as const;
      });
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async listEntries(limit: number) {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM ${s}.events ORDER BY seq DESC LIMIT $1`,
        [limit],
      );
      return rows.map(toEntry);
    },
    async redeliver(id: string) {
      return inTransaction(async (db) => {
        const { rows } = await db.query<{ submission_id: string; state: string }>(
          `SELECT submission_id, state FROM ${s}.events WHERE id = $1 FOR UPDATE`,
          [id],
        );
        const row = rows[0];
        if (row === undefined) return "unknown" as const;
        // Still waiting or running: it goes through the relays anyway; a replay now would race it.
        if (row.state === "pending" || row.state === "processing") return "busy" as const;
        await db.query(
          `UPDATE ${s}.events SET state = 'pending', attempts = 0, updated_at = now() WHERE id = $1`,
          [id],
        );
        await enqueue(db, id, row.submission_id);
        return "requeued" as const;
      });
    },
    async stats() {
      // Kept by a trigger in every transaction that changes an entry's state: 32 rows at most.
      const { rows } = await pool.query<{ name: string; value: string }>(
        `SELECT name, sum(value) AS value FROM ${s}.gauges GROUP BY name`,
      );
      const values = new Map(rows.map((r) => [r.name, Number(r.value)]));
      return { queueDepth: values.get("open") ?? 0, deadLettered: values.get("dead") ?? 0 };
    },
    async hasLaterEntries(submissionId: string, seq: number) {
      const { rows } = await pool.query(
        `SELECT 1 FROM ${s}.events WHERE submission_id = $1 AND seq > $2
         AND state IN ('pending', 'processing') LIMIT 1`,
        [submissionId, seq],
      );
      return rows.length > 0;
    },
    async loadState(submissionId: string) {
      const { rows } = await pool.query<{ state: string }>(
        `SELECT state FROM ${s}.submission_state WHERE submission_id = $1`,
        [submissionId],
      );
      return rows[0]?.state ?? null;
    },
    async saveState(submissionId: string, json: string) {
      await pool.query(
        `INSERT INTO ${s}.submission_state (submission_id, state, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (submission_id) DO UPDATE SET state = excluded.state, updated_at = now()`,
        [submissionId, json],
      );
    },
    claimEffect,
    async completeEffect(key: string, _token: string, value: string | null) {
      // Whoever holds the claim now, the effect happened: record it.
      await pool.query(
        `UPDATE ${s}.effects SET state = 'done', value = $2, token = NULL,
           claimed_until = '-infinity', updated_at = now() WHERE key = $1`,
        [key, value],
      );
    },
    async abandonEffect(key: string, token: string, outcome: "not-performed" | "unknown") {
      await pool.query(
        outcome === "not-performed"
          ? `DELETE FROM ${s}.effects WHERE key = $1 AND token = $2 AND state = 'claimed'`
          : `UPDATE ${s}.effects SET claimed_until = '-infinity', updated_at = now()
             WHERE key = $1 AND token = $2 AND state = 'claimed'`,
        [key, token],
      );
    },
    async prune(before: number, limit: number) {
      const cutoff = new Date(before);
      // SKIP LOCKED: replicas pruning at once take different rows, and a redelivery in flight wins.
      const entries = await pool.query(
        `WITH doomed AS (
           SELECT seq, id FROM ${s}.events
           WHERE state IN ('done', 'dead') AND updated_at < $1
           ORDER BY updated_at, seq LIMIT $2 FOR UPDATE SKIP LOCKED
         ), gone AS (
           DELETE FROM ${s}.effects WHERE entry_id IN (SELECT id FROM doomed)
         )
         DELETE FROM ${s}.events WHERE seq IN (SELECT seq FROM doomed)`,
        [cutoff, limit],
      );
      await pool.query(
        `WITH orphans AS (
           SELECT submission_id FROM ${s}.submission_state st
           WHERE updated_at < $1
             AND NOT EXISTS (SELECT 1 FROM ${s}.events e WHERE e.submission_id = st.submission_id)
           LIMIT $2 FOR UPDATE SKIP LOCKED
         ), gone AS (
           DELETE FROM ${s}.effects
           WHERE entry_id IS NULL AND submission_id IN (SELECT submission_id FROM orphans)
         )
         DELETE FROM ${s}.submission_state WHERE submission_id IN (SELECT submission_id FROM orphans)`,
        [cutoff, limit],
      );
      return entries.rowCount ?? 0;
    },
    async start(handler: EntryHandler, hooks: WorkerHooks = {}) {
      // Batches of up to `concurrency` jobs (the heads of different submissions) run in parallel;
      // a full batch fetches the next one at once instead of waiting for the poll.
      await boss.work<{ id: string }>(
        QUEUE,
        {
          batchSize: options.concurrency ?? 4,
          perJobResults: true,
          burstWhenBatchFull: true,
          pollingIntervalSeconds: 0.5,
        },
        async (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await handle(handler, hooks, job);
                return { id: job.id, status: "completed" as const };
              } catch (error) {
                return {
                  id: job.id,
                  status: "failed" as const,
                  output: { message: errorText(error) },
                };
              }
            }),
          ),
      );
    },
    async close(timeoutMs: number) {
      if (stopping) return;
      stopping = true;
      // Past the timeout, running attempts are stopped; their jobs run again elsewhere.
      const abort = setTimeout(
        () => stop.abort(new Error("The relay is shutting down")),
        timeoutMs,
      );
      try {
        await boss.stop({ graceful: true, timeout: Math.max(1, timeoutMs), close: true });
      } finally {
        clearTimeout(abort);
      }
      await pool.end();
    },
  };
}
