import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { RelayEvent } from "../relay-event.ts";
import type {
  DeliveryState,
  EffectRecord,
  EntryHandler,
  Journal,
  JournalEntry,
  WorkerHooks,
} from "./journal.ts";
import { type RetryPolicy, retryDelayMs } from "./retry-policy.ts";

/** Options of {@link openSqliteJournal}. */
export interface SqliteJournalOptions {
  /** A file path, or `:memory:`. */
  readonly path: string;
  readonly retry: RetryPolicy;
  /** Handlers running at once (on different submissions). @default 4 */
  readonly concurrency?: number;
  /** How often to look for entries whose backoff has passed. @default 100 */
  readonly pollMs?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  submission_id TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  received_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS events_open ON events (submission_id, seq)
  WHERE state IN ('pending', 'processing');
CREATE TABLE IF NOT EXISTS submission_state (submission_id TEXT PRIMARY KEY, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS effects (key TEXT PRIMARY KEY, state TEXT NOT NULL, value TEXT);
`;

interface Row {
  seq: number;
  id: string;
  submission_id: string;
  payload: string;
  state: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  received_at: number;
  updated_at: number;
}

function toEntry(row: Row): JournalEntry {
  return {
    id: row.id,
    seq: Number(row.seq),
    event: JSON.parse(row.payload) as RelayEvent,
    state: row.state as DeliveryState,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    receivedAt: new Date(Number(row.received_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * The embedded journal on Node's built-in `node:sqlite`: WAL with `synchronous=FULL`, so an
 * acknowledged event has reached the disk. One process owns the file; run Postgres for replicas.
 */
export function openSqliteJournal(options: SqliteJournalOptions): Journal {
  const memory = options.path === ":memory:";
  if (!memory) mkdirSync(dirname(options.path), { recursive: true });
  // Two connections: acknowledged events commit with synchronous=FULL (on disk before the 200);
  // the worker's bookkeeping commits with NORMAL, since losing it in a power cut only reruns
  // idempotent relays. The WAL is sequential, so the next FULL commit flushes both.
  const db = new DatabaseSync(options.path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;");
  db.exec(SCHEMA);
  const wdb = memory ? db : new DatabaseSync(options.path);
  if (!memory) wdb.exec("PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;");
  // Whatever was running when the last process died runs again (its effects are idempotent).
  db.prepare("UPDATE events SET state = 'pending' WHERE state = 'processing'").run();

  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 100;
  const insert = db.prepare(
    "INSERT OR IGNORE INTO events (id, submission_id, payload, received_at, updated_at) VALUES (?, ?, ?, ?, ?)",
  );
  // The head of a submission's line: its earliest entry still waiting or running.
  const head = wdb.prepare(
    "SELECT * FROM events WHERE submission_id = ? AND state IN ('pending', 'processing') ORDER BY seq LIMIT 1",
  );
  const setState = wdb.prepare(
    "UPDATE events SET state = ?, attempts = ?, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ?",
  );
  const later = wdb.prepare(
    "SELECT 1 FROM events WHERE submission_id = ? AND seq > ? AND state IN ('pending', 'processing') LIMIT 1",
  );
  const loadState = wdb.prepare("SELECT state FROM submission_state WHERE submission_id = ?");
  const saveState = wdb.prepare(
    "INSERT INTO submission_state (submission_id, state) VALUES (?, ?) ON CONFLICT (submission_id) DO UPDATE SET state = excluded.state",
  );
  // Submissions with open entries. One process owns the file, so this set is the whole truth.
  const open = new Set(
    (
      db
        .prepare(
          "SELECT DISTINCT submission_id FROM events WHERE state IN ('pending', 'processing')",
        )
        .all() as { submission_id: string }[]
    ).map((r) => r.submission_id),
  );

  let handler: EntryHandler | null = null;
  let hooks: WorkerHooks = {};
  let stopping = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let pumpScheduled = false;
  const running = new Map<string, Promise<void>>(); // submission id -> its running handler

  // Group commit: events that arrive in the same turn of the event loop share one commit (one
  // fsync for the lot). It runs on this thread: a second writer thread would contend with the
  // worker's writes for SQLite's lock, and lock waits sleep (measured: slower, worse p99).
  interface CommitItem {
    readonly id: string;
    readonly submissionId: string;
    readonly payload: string;
    readonly now: number;
  }
  const commit = (items: readonly CommitItem[]): boolean[] => {
    db.exec("BEGIN IMMEDIATE");
    try {
      const inserted = items.map(
        (i) => Number(insert.run(i.id, i.submissionId, i.payload, i.now, i.now).changes) > 0,
      );
      db.exec("COMMIT");
      return inserted;
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  };
  type Waiting = {
    item: CommitItem;
    resolve: (r: "accepted" | "duplicate") => void;
    reject: (e: unknown) => void;
  };
  let queued: Waiting[] = [];
  function flush(): void {
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    let inserted: boolean[];
    try {
      inserted = commit(batch.map((w) => w.item));
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      if (inserted[i] === true) open.add(w.item.submissionId);
      w.resolve(inserted[i] === true ? "accepted" : "duplicate");
    });
    schedulePump();
  }

  async function run(entry: JournalEntry): Promise<void> {
    const attempt = entry.attempts + 1;
    const isLast = attempt >= options.retry.maxAttempts;
    setState.run("processing", attempt, 0, entry.lastError, Date.now(), entry.id);
    const current = { ...entry, state: "processing" as const, attempts: attempt };
    try {
      await handler?.(current, { attempt, isLast });
      if (closed) return;
      setState.run("done", attempt, 0, null, Date.now(), entry.id);
      hooks.onDone?.(current);
    } catch (error) {
      if (closed) return;
      if (isLast) {
        setState.run("dead", attempt, 0, errorText(error), Date.now(), entry.id);
        hooks.onDead?.(current, error);
      } else {
        const delay = retryDelayMs(options.retry, attempt);
        setState.run(
          "pending",
          attempt,
          Date.now() + delay,
          errorText(error),
          Date.now(),
          entry.id,
        );
        hooks.onRetry?.(current, error, delay);
      }
    }
  }

  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

  function pump(): void {
    if (handler === null || stopping || closed) return;
    const now = Date.now();
    for (const submissionId of open) {
      if (running.size >= concurrency) break;
      if (running.has(submissionId)) continue;
      const row = head.get(submissionId) as Row | undefined;
      if (row === undefined) {
        open.delete(submissionId);
        continue;
      }
      if (row.state !== "pending" || Number(row.next_attempt_at) > now) continue;
      const task = run(toEntry(row)).finally(() => {
        running.delete(submissionId);
        schedulePump();
      });
      running.set(submissionId, task);
    }
  }

  return {
    kind: "sqlite",
    ingest(id: string, event: RelayEvent) {
      // The dedupe key and the queue entry are the same row, committed before this resolves.
      return new Promise<"accepted" | "duplicate">((resolve, reject) => {
        if (closed) {
          reject(new Error("The journal is closed"));
          return;
        }
        const item = {
          id,
          submissionId: event.submissionId,
          payload: JSON.stringify(event),
          now: Date.now(),
        };
        queued.push({ item, resolve, reject });
        if (queued.length === 1) setImmediate(flush);
      });
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async listEntries(limit: number) {
      const rows = db
        .prepare("SELECT * FROM events ORDER BY seq DESC LIMIT ?")
        .all(limit) as unknown as Row[];
      return rows.map(toEntry);
    },
    async redeliver(id: string) {
      const result = db
        .prepare(
          "UPDATE events SET state = 'pending', attempts = 0, next_attempt_at = 0, updated_at = ? WHERE id = ? AND state <> 'processing'",
        )
        .run(Date.now(), id);
      if (Number(result.changes) === 0) {
        return db.prepare("SELECT 1 FROM events WHERE id = ?").get(id) !== undefined;
      }
      const row = db.prepare("SELECT submission_id FROM events WHERE id = ?").get(id) as {
        submission_id: string;
      };
      open.add(row.submission_id);
      schedulePump();
      return true;
    },
    async stats() {
      const row = db
        .prepare(
          "SELECT SUM(state IN ('pending','processing')) AS depth, SUM(state = 'dead') AS dead FROM events",
        )
        .get() as { depth: number | null; dead: number | null };
      return { queueDepth: Number(row.depth ?? 0), deadLettered: Number(row.dead ?? 0) };
    },
    async hasLaterEntries(submissionId: string, seq: number) {
      return later.get(submissionId, seq) !== undefined;
    },
    async loadState(submissionId: string) {
      const row = loadState.get(submissionId) as { state: string } | undefined;
      return row?.state ?? null;
    },
    async saveState(submissionId: string, json: string) {
      saveState.run(submissionId, json);
    },
    async getEffect(key: string) {
      const row = db.prepare("SELECT state, value FROM effects WHERE key = ?").get(key) as
        | { state: "started" | "done"; value: string | null }
        | undefined;
      return row === undefined ? null : { state: row.state, value: row.value };
    },
    async setEffect(key: string, effect: EffectRecord) {
      db.prepare(
        "INSERT INTO effects (key, state, value) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET state = excluded.state, value = excluded.value",
      ).run(key, effect.state, effect.value);
    },
    async start(h: EntryHandler, workerHooks: WorkerHooks = {}) {
      handler = h;
      hooks = workerHooks;
      timer = setInterval(pump, pollMs);
      timer.unref();
      schedulePump();
    },
    async close(timeoutMs: number) {
      if (closed) return;
      stopping = true;
      if (timer !== null) clearInterval(timer);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running.values()]),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
      // Handlers still running after the timeout are left `processing`; the next start reruns them.
      flush();
      closed = true;
      if (wdb !== db) wdb.close();
      db.close();
    },
  };
}
