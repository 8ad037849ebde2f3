import pg from "pg";
import { PgBoss } from "pg-boss";
import type { RelayEvent } from "../relay-event.ts";
import type {
  DeliveryState,
  EffectRecord,
  EntryHandler,
  Journal,
  JournalEntry,
  WorkerHooks,
} from "./journal.ts";
import type { RetryPolicy } from "./retry-policy.ts";

/** Options of {@link openPostgresJournal}. */
export interface PostgresJournalOptions {
  readonly connectionString: string;
  /** Schema of the relay's tables; pg-boss gets `<schema>_boss`. */
  readonly schema: string;
  readonly retry: RetryPolicy;
  /** Handlers running at once in this replica. @default 4 */
  readonly concurrency?: number;
  /** Seconds a claimed job may run before another replica takes it over. @default 60 */
  readonly expireSeconds?: number;
  /** Seconds between pg-boss's checks for expired jobs. @default 10 */
  readonly superviseSeconds?: number;
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

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * The journal for several replicas: dedupe and relay state in plain tables, work through a
 * pg-boss queue with the `key_strict_fifo` policy keyed by submission, so one submission's
 * events run one at a time and in order while other submissions run in parallel.
 */
export async function openPostgresJournal(options: PostgresJournalOptions): Promise<Journal> {
  const s = `"${options.schema}"`;
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 10 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it and `/readyz` reports trouble.
  });
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // Replicas may start together: serialise the DDL.
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`${options.schema}.ddl`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${s}.events (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        submission_id TEXT NOT NULL,
        payload JSONB NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX IF NOT EXISTS events_state ON ${s}.events (state);
      CREATE TABLE IF NOT EXISTS ${s}.submission_state (submission_id TEXT PRIMARY KEY, state TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS ${s}.effects (key TEXT PRIMARY KEY, state TEXT NOT NULL, value TEXT);`);
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
    expireInSeconds: options.expireSeconds ?? 60,
  } as const;
  const existing = await boss.getQueue(QUEUE);
  if (existing === null) {
    await boss.createQueue(QUEUE, queueOptions).catch(async (error: unknown) => {
      // Another replica created it first.
      if ((await boss.getQueue(QUEUE)) === null) throw error;
    });
  }

  let stopping = false;

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
    job: { data: { id: string }; retryCount: number },
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
    try {
      await handler(entry, { attempt, isLast });
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
    }
    await pool.query(
      `UPDATE ${s}.events SET state = 'done', last_error = NULL, updated_at = now() WHERE id = $1`,
      [row.id],
    );
    hooks.onDone?.(entry);
  }

  return {
    kind: "postgres",
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
      const { rows } = await pool.query<{ depth: string; dead: string }>(
        `SELECT count(*) FILTER (WHERE state IN ('pending', 'processing')) AS depth,
                count(*) FILTER (WHERE state = 'dead') AS dead FROM ${s}.events`,
      );
      return { queueDepth: Number(rows[0]?.depth ?? 0), deadLettered: Number(rows[0]?.dead ?? 0) };
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
        `INSERT INTO ${s}.submission_state (submission_id, state) VALUES ($1, $2)
         ON CONFLICT (submission_id) DO UPDATE SET state = excluded.state`,
        [submissionId, json],
      );
    },
    async getEffect(key: string) {
      const { rows } = await pool.query<{ state: "started" | "done"; value: string | null }>(
        `SELECT state, value FROM ${s}.effects WHERE key = $1`,
        [key],
      );
      const row = rows[0];
      return row === undefined ? null : { state: row.state, value: row.value };
    },
    async setEffect(key: string, effect: EffectRecord) {
      await pool.query(
        `INSERT INTO ${s}.effects (key, state, value) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET state = excluded.state, value = excluded.value`,
        [key, effect.state, effect.value],
      );
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
      await boss.stop({ graceful: true, timeout: Math.max(1, timeoutMs), close: true });
      await pool.end();
    },
  };
}
