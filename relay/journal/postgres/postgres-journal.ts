import pg from "pg";
import { PgBoss } from "pg-boss";
import type { RelayEvent } from "../../relay-event.ts";
import type { EntryRetryPolicy } from "../entry-retry-policy.ts";
import type { EntryHandler, Journal, WorkerHooks } from "../journal.ts";
import { storableKey } from "../storable-key.ts";
import { createPostgresEffects } from "./postgres-effects.ts";
import { type PostgresQueries, postgresQueries } from "./postgres-queries.ts";
import { describeServer, type PostgresEventRow, toPostgresEntry } from "./postgres-rows.ts";
import { preparePostgresSchema } from "./postgres-schema.ts";
import { createPostgresWatch, preparePostgresWatch } from "./postgres-watch.ts";
import { startPostgresWorker } from "./postgres-worker.ts";

/** Options of {@link openPostgresJournal}. */
export interface PostgresJournalOptions {
  readonly connectionString: string;
  /** Schema of the relay's tables; pg-boss gets `<schema>_boss`. */
  readonly schema: string;
  readonly retry: EntryRetryPolicy;
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

/** A pool client inside `BEGIN`; committed when `fn` resolves, rolled back when it throws. */
async function inTransaction<T>(pool: pg.Pool, fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
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

/** pg-boss with the relay's queue in place; stopped again if anything fails. */
async function startQueue(
  options: PostgresJournalOptions,
  pool: pg.Pool,
  expireSeconds: number,
  retryLimit: number,
): Promise<PgBoss> {
  const superviseSeconds = options.superviseSeconds ?? 10;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: `${options.schema}_boss`,
    max: 5,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
  });
  boss.on("error", () => {
    // pg-boss reconnects by itself; a lasting outage shows in `/readyz`.
  });
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
    return boss;
  } catch (error) {
    await boss.stop({ graceful: false, close: true, timeout: 1 }).catch(() => undefined);
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/** What the parts of the Postgres journal share. */
interface PostgresParts {
  readonly pool: pg.Pool;
  readonly boss: PgBoss;
  readonly q: PostgresQueries;
}

/** Enqueues an entry's job in the transaction `db` that records it (`submission`: as stored). */
async function enqueue(boss: PgBoss, db: pg.PoolClient, id: string, submission: string) {
  await boss.send(
    QUEUE,
    { id },
    {
      singletonKey: submission,
      db: { executeSql: (text: string, values?: unknown[]) => db.query(text, values) },
    },
  );
}

/**
 * Intake, listing, redelivery, gauges and submission state. `wake` tells this replica's worker
 * that a job was queued, so it runs without waiting for the next poll.
 */
function postgresEntries({ pool, boss, q }: PostgresParts, wake: () => void) {
  return {
    async ingest(id: string, event: RelayEvent, traceparent: string | null = null) {
      const submission = storableKey(event.submissionId);
      const result = await inTransaction(pool, async (db) => {
        const params = [id, submission, JSON.stringify(event), traceparent];
        if ((await db.query(q.ingest, params)).rowCount === 0) return "duplicate" as const;
        await enqueue(boss, db, id, submission);
        return "accepted" as const;
      });
      if (result === "accepted") wake();
      return result;
    },
    async listEntries(limit: number) {
      const { rows } = await pool.query<PostgresEventRow>(q.list, [limit]);
      return rows.map(toPostgresEntry);
    },
    async redeliver(id: string) {
      return inTransaction(pool, async (db) => {
        const { rows } = await db.query<{ submission_id: string; state: string }>(
          q.lockEntryState,
          [id],
        );
        const row = rows[0];
        if (row === undefined) return "unknown" as const;
        // Still waiting or running: it goes through the relays anyway; a replay now would race it.
        if (row.state === "pending" || row.state === "processing") return "busy" as const;
        await db.query(q.requeue, [id]);
        await enqueue(boss, db, id, row.submission_id);
        return "requeued" as const;
      }).then((result) => {
        if (result === "requeued") wake();
        return result;
      });
    },
    async stats() {
      const { rows } = await pool.query<{ name: string; value: string }>(q.gauges);
      const values = new Map(rows.map((r) => [r.name, Number(r.value)]));
      return { queueDepth: values.get("open") ?? 0, deadLettered: values.get("dead") ?? 0 };
    },
    async hasLaterEntries(submissionId: string, seq: number) {
      return (await pool.query(q.later, [storableKey(submissionId), seq])).rows.length > 0;
    },
    async loadState(submissionId: string) {
      const { rows } = await pool.query<{ state: string }>(q.loadState, [
        storableKey(submissionId),
      ]);
      return rows[0]?.state ?? null;
    },
    async saveState(submissionId: string, json: string) {
      await pool.query(q.saveState, [storableKey(submissionId), json]);
    },
  };
}

/** Retention: finished entries with their effects, abandoned submissions, old delivery ids. */
function postgresRetention({ pool, q }: PostgresParts) {
  return {
    async prune(before: number, limit: number) {
      const cutoff = new Date(before);
      const entries = await pool.query(q.pruneEntries, [cutoff, limit]);
      await pool.query(q.pruneSubmissions, [cutoff, limit]);
      return entries.rowCount ?? 0;
    },
    async pruneDeliveryIds(before: number, limit: number) {
      return (await pool.query(q.pruneDeliveryIds, [new Date(before), limit])).rowCount ?? 0;
    },
  };
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
  const pool = createPool(options.connectionString, options.connectTimeoutMs ?? 5000);
  const retryLimit = options.retry.maxAttempts - 1 + EXTRA_PG_BOSS_RETRIES;
  const boss = await startQueue(options, pool, expireSeconds, retryLimit);
  const parts: PostgresParts = { pool, boss, q: postgresQueries(s) };
  let stopping = false;
  const stop = new AbortController();
  /** Wakes this replica's worker once it has started. */
  let wakeWorker: () => void = () => undefined;
  return {
    kind: "postgres",
    location: describeServer(options.connectionString, options.schema),
    async ping() {
      await pool.query("SELECT 1");
    },
    ...postgresEntries(parts, () => wakeWorker()),
    ...createPostgresEffects(pool, s),
    ...postgresRetention(parts),
    ...createPostgresWatch(pool, s),
    async start(handler: EntryHandler, hooks: WorkerHooks = {}) {
      wakeWorker = await startPostgresWorker(
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
