import pg from "pg";
import { PgBoss } from "pg-boss";
import type { RelayEvent } from "../relay-event.ts";
import type { EntryHandler, Journal, WorkerHooks } from "./journal.ts";
import { createPostgresEffects } from "./postgres-effects.ts";
import { describeServer, type PostgresEventRow, toPostgresEntry } from "./postgres-rows.ts";
import { preparePostgresSchema } from "./postgres-schema.ts";
import { createPostgresWatch, preparePostgresWatch } from "./postgres-watch.ts";
import { startPostgresWorker } from "./postgres-worker.ts";
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
  /** How long one connection attempt may take. @default 5000 */
  readonly connectTimeoutMs?: number;
}

const QUEUE = "content-review-relay";
// pg-boss may give up on a job on its own only when a replica died holding it on every
// attempt; the handler itself dead-letters after `maxAttempts`, so leave pg-boss some slack.
const EXTRA_PG_BOSS_RETRIES = 5;

/**
 * A pool whose every client has an `error` listener for its whole life, as pg-boss guards its
 * own: a connection that dies (the database restarts) then fails its query instead of ending
 * the process with an unhandled `error` event.
 */
function createPool(connectionString: string, connectTimeoutMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it and `/readyz` reports trouble.
  });
  pool.on("connect", (client) => {
    client.on("error", () => {
      // The query in flight rejects with the same error; the pool drops the client.
    });
  });
  return pool;
}

/** Creates or upgrades the relay's tables; replicas starting together take turns. */
async function prepareSchema(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`${schema}.ddl`]);
    await preparePostgresSchema(client, `"${schema}"`);
    await preparePostgresWatch(client, `"${schema}"`);
    await client.query("COMMIT");
    client.release();
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/**
 * The journal for several replicas: dedupe, relay state and effect claims in plain tables, work
 * through a pg-boss queue with the `key_strict_fifo` policy keyed by submission, so one
 * submission's events run one at a time and in order while other submissions run in parallel.
 * Every attempt has a deadline well under the job's lease, so a replica never holds work that
 * another replica may already have taken over. Throws when the database cannot be reached
 * (`openJournalWhenReady` waits until it can).
 */
export async function openPostgresJournal(options: PostgresJournalOptions): Promise<Journal> {
  const s = `"${options.schema}"`;
  const expireSeconds = options.expireSeconds ?? 60;
  const handlerTimeoutMs = options.handlerTimeoutMs ?? Math.floor((expireSeconds * 1000) / 3);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const pool = createPool(options.connectionString, connectTimeoutMs);
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: `${options.schema}_boss`,
    max: 5,
    connectionTimeoutMillis: connectTimeoutMs,
    superviseIntervalSeconds: options.superviseSeconds ?? 10,
    monitorIntervalSeconds: options.superviseSeconds ?? 10,
  });
  boss.on("error", () => {
    // pg-boss reconnects by itself; a lasting outage shows in `/readyz`.
  });
  const retryLimit = options.retry.maxAttempts - 1 + EXTRA_PG_BOSS_RETRIES;
  try {
    await prepareSchema(pool, options.schema);
    await boss.start();
    const queueOptions = {
      policy: "key_strict_fifo",
      retryLimit,
      retryDelay: Math.max(1, Math.round(options.retry.baseMs / 1000)),
      retryBackoff: true,
      retryDelayMax: Math.max(1, Math.round(options.retry.maxMs / 1000)),
      expireInSeconds: expireSeconds,
    } as const;
    if ((await boss.getQueue(QUEUE)) === null) {
      await boss.createQueue(QUEUE, queueOptions).catch(async (error: unknown) => {
        // Another replica created it first.
        if ((await boss.getQueue(QUEUE)) === null) throw error;
      });
    }
  } catch (error) {
    await boss.stop({ graceful: false, close: true, timeout: 1 }).catch(() => undefined);
    await pool.end().catch(() => undefined);
    throw error;
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
    let broken: Error | undefined;
    try {
      await db.query("BEGIN");
      const result = await fn(db);
      await db.query("COMMIT");
      return result;
    } catch (error) {
      await db.query("ROLLBACK").catch((rollback: unknown) => {
        // The connection itself failed: the pool must not hand it out again.
        broken = rollback instanceof Error ? rollback : new Error(String(rollback));
      });
      throw error;
    } finally {
      db.release(broken);
    }
  }

  return {
    kind: "postgres",
    location: describeServer(options.connectionString, options.schema),
    async ingest(id: string, event: RelayEvent, traceparent: string | null = null) {
      return inTransaction(async (db) => {
        // The delivery id outlives the entry (DEDUPE_DAYS): a redelivery after retention
        // deleted the entry is still a duplicate.
        const inserted = await db.query(
          `WITH fresh AS (
             INSERT INTO ${s}.delivery_ids (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id
           )
           INSERT INTO ${s}.events (id, submission_id, payload, traceparent)
           SELECT id, $2, $3, $4 FROM fresh
           ON CONFLICT (id) DO NOTHING RETURNING seq`,
          [id, event.submissionId, JSON.stringify(event), traceparent],
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
      const { rows } = await pool.query<PostgresEventRow>(
        `SELECT * FROM ${s}.events ORDER BY seq DESC LIMIT $1`,
        [limit],
      );
      return rows.map(toPostgresEntry);
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
    ...createPostgresEffects(pool, s),
    ...createPostgresWatch(pool, s),
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
    async pruneDeliveryIds(before: number, limit: number) {
      const deleted = await pool.query(
        `DELETE FROM ${s}.delivery_ids WHERE id IN (
           SELECT id FROM ${s}.delivery_ids WHERE received_at < $1
           ORDER BY received_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [new Date(before), limit],
      );
      return deleted.rowCount ?? 0;
    },
    async start(handler: EntryHandler, hooks: WorkerHooks = {}) {
      await startPostgresWorker(
        {
          boss,
          queue: QUEUE,
          pool,
          s,
          retry: options.retry,
          retryLimit,
          concurrency: options.concurrency ?? 4,
          handlerTimeoutMs,
          leaseMs: expireSeconds * 1000,
          stop: stop.signal,
        },
        handler,
        hooks,
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
