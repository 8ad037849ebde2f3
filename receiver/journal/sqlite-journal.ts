import { closeSync, fdatasync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
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
 * The embedded journal on Node's built-in `node:sqlite`, in WAL mode. Every commit is followed
 * by an fsync of the WAL before anyone waiting on it resumes (what `synchronous=FULL` does), so
 * an acknowledged event has reached the disk. One process owns the file; run Postgres for replicas.
 */
export function openSqliteJournal(options: SqliteJournalOptions): Journal {
  const memory = options.path === ":memory:";
  if (!memory) mkdirSync(dirname(options.path), { recursive: true });
  const db = new DatabaseSync(options.path);
  // The WAL is synced by hand below (fdatasync off the main thread, like `synchronous=FULL`
  // would on it); SQLite still syncs it itself before every checkpoint.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;");
  db.exec(SCHEMA);
  // Whatever was running when the last process died runs again (its effects are idempotent).
  db.prepare("UPDATE events SET state = 'pending' WHERE state = 'processing'").run();
  let walFd: number | null = null;
  if (!memory) {
    // SQLite keeps the WAL file while a connection is open; its directory entry is made durable once.
    walFd = openSync(`${options.path}-wal`, "a");
    const dirFd = openSync(dirname(options.path), "r");
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  }

  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 100;
  const insert = db.prepare(
    "INSERT OR IGNORE INTO events (id, submission_id, payload, received_at, updated_at) VALUES (?, ?, ?, ?, ?)",
  );
  // The head of a submission's line: its earliest entry still waiting or running.
  const head = db.prepare(
    "SELECT * FROM events WHERE submission_id = ? AND state IN ('pending', 'processing') ORDER BY seq LIMIT 1",
  );
  const setState = db.prepare(
    "UPDATE events SET state = ?, attempts = ?, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ?",
  );
  const later = db.prepare(
    "SELECT 1 FROM events WHERE submission_id = ? AND seq > ? AND state IN ('pending', 'processing') LIMIT 1",
  );
  const loadState = db.prepare("SELECT state FROM submission_state WHERE submission_id = ?");
  const saveState = db.prepare(
    "INSERT INTO submission_state (submission_id, state) VALUES (?, ?) ON CONFLICT (submission_id) DO UPDATE SET state = excluded.state",
  );
  const getEffect = db.prepare("SELECT state, value FROM effects WHERE key = ?");
  const setEffect = db.prepare(
    "INSERT INTO effects (key, state, value) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET state = excluded.state, value = excluded.value",
  );
  const requeue = db.prepare(
    "UPDATE events SET state = 'pending', attempts = 0, next_attempt_at = 0, updated_at = ? WHERE id = ? AND state IN ('done', 'dead')",
  );
  const entryState = db.prepare("SELECT submission_id, state FROM events WHERE id = ?");
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

  // Group commit: every write of one turn of the event loop (acknowledged events and the
  // worker's bookkeeping alike) goes into ONE transaction, in order, and one fsync covers the
  // lot; each waiting caller resumes only after that fsync. The transaction runs on this thread
  // (a second writer would contend for SQLite's lock, and lock waits sleep); only the fsync,
  // the slow part, runs in the thread pool.
  interface Write {
    readonly statement: StatementSync;
    readonly params: readonly SQLInputValue[];
    /** The submission whose line this write belongs to (for write-behind failures). */
    readonly submissionId: string | null;
    /** Resolve only after the fsync (acknowledged events, effect records), or at commit. */
    readonly durable: boolean;
    readonly resolve: ((changes: number) => void) | null;
    readonly reject: ((error: unknown) => void) | null;
  }
  let queue: Write[] = [];
  // A write-behind that failed: the next awaited write of that submission fails with it, so
  // its entry is not marked done over lost bookkeeping (and is retried instead).
  const failedBehind = new Map<string, unknown>();
  // Submission states written behind and not yet committed: reads see them at once.
  const unsavedStates = new Map<string, string>();

  // Durable writes wait here for the fsync of the WAL. One fsync runs at a time, in the thread
  // pool; meanwhile this thread goes on serving requests.
  let unsynced: { write: Write; changes: number }[] = [];
  let syncing: Promise<void> | null = null;

  function settle(batch: readonly { write: Write; changes: number }[], error: unknown): void {
    for (const { write: w, changes } of batch) {
      if (error === null) {
        if (w.statement === saveState && unsavedStates.get(w.params[0] as string) === w.params[1]) {
          unsavedStates.delete(w.params[0] as string);
        }
        w.resolve?.(changes);
      } else if (w.reject !== null) w.reject(error);
      else if (w.submissionId !== null) failedBehind.set(w.submissionId, error);
    }
    if (error === null) schedulePump();
  }

  function sync(): void {
    if (syncing !== null || unsynced.length === 0) return;
    const batch = unsynced;
    unsynced = [];
    if (walFd === null) {
      settle(batch, null);
      return;
    }
    syncing = new Promise((resolve) => {
      fdatasync(walFd as number, (error) => {
        syncing = null;
        settle(batch, error ?? null);
        resolve();
        // After this turn's I/O, so that requests readable in it join the next commit.
        if (queue.length > 0) setImmediate(flush);
      });
    });
  }

  function flush(): void {
    // While an fsync runs, writes gather for the next commit (the fsync's end flushes them):
    // bigger batches, fewer commits and fsyncs, and this thread is free to serve meanwhile.
    if (syncing !== null) return;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const changes: number[] = [];
    try {
      db.exec("BEGIN IMMEDIATE");
      try {
        for (const w of batch) changes.push(Number(w.statement.run(...w.params).changes));
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    } catch (error) {
      for (const w of batch) {
        if (w.reject !== null) w.reject(error);
        else if (w.submissionId !== null) failedBehind.set(w.submissionId, error);
        if (w.statement === saveState) unsavedStates.delete(w.params[0] as string);
      }
      return;
    }
    // Bookkeeping goes on at commit (a crash of the process loses no committed write; a power
    // cut may lose the last of it, and the entry then runs again); the rest waits for the fsync.
    const committed: { write: Write; changes: number }[] = [];
    for (const [i, w] of batch.entries()) {
      (w.durable ? unsynced : committed).push({ write: w, changes: changes[i] ?? 0 });
    }
    if (committed.length > 0) settle(committed, null);
    sync();
  }

  function enqueue(write: Write): void {
    queue.push(write);
    if (queue.length === 1) setImmediate(flush);
  }

  /** Resolves with the number of changed rows once the write is committed (and synced, if durable). */
  function write(
    statement: StatementSync,
    params: readonly SQLInputValue[],
    durable: boolean,
    submissionId: string | null = null,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      if (closed) {
        reject(new Error("The journal is closed"));
        return;
      }
      const failed = submissionId === null ? undefined : failedBehind.get(submissionId);
      if (submissionId !== null && failedBehind.delete(submissionId)) {
        reject(failed);
        return;
      }
      enqueue({ statement, params, submissionId, durable, resolve, reject });
    });
  }

  /**
   * A write nobody waits for; it commits with the turn's batch, before any later write. Safe
   * for bookkeeping that a crash may lose (the entry then simply runs again).
   */
  function writeBehind(
    statement: StatementSync,
    params: readonly SQLInputValue[],
    submissionId: string,
  ): void {
    if (closed) return;
    enqueue({ statement, params, submissionId, durable: false, resolve: null, reject: null });
  }

  async function run(entry: JournalEntry): Promise<void> {
    const attempt = entry.attempts + 1;
    const isLast = attempt >= options.retry.maxAttempts;
    const sub = entry.event.submissionId;
    writeBehind(setState, ["processing", attempt, 0, entry.lastError, Date.now(), entry.id], sub);
    const current = { ...entry, state: "processing" as const, attempts: attempt };
    try {
      await handler?.(current, { attempt, isLast });
      if (closed) return;
      await write(setState, ["done", attempt, 0, null, Date.now(), entry.id], false, sub);
      hooks.onDone?.(current);
    } catch (error) {
      if (closed) return;
      try {
        if (isLast) {
          await write(
            setState,
            ["dead", attempt, 0, errorText(error), Date.now(), entry.id],
            false,
            sub,
          );
          hooks.onDead?.(current, error);
        } else {
          const delay = retryDelayMs(options.retry, attempt);
          const at = Date.now() + delay;
          await write(
            setState,
            ["pending", attempt, at, errorText(error), Date.now(), entry.id],
            false,
            sub,
          );
          hooks.onRetry?.(current, error, delay);
        }
      } catch {
        // The journal itself failed: the entry stays open and runs again on the next pump.
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
    async ingest(id: string, event: RelayEvent) {
      // The dedupe key and the queue entry are the same row, committed before this resolves.
      const now = Date.now();
      const payload = JSON.stringify(event);
      const changes = await write(insert, [id, event.submissionId, payload, now, now], true);
      if (changes === 0) return "duplicate";
      open.add(event.submissionId);
      return "accepted";
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
      const row = entryState.get(id) as { submission_id: string; state: string } | undefined;
      if (row === undefined) return "unknown";
      const changes = await write(requeue, [Date.now(), id], true);
      // Still waiting or running: it goes through the relays anyway; a replay now would race it.
      if (changes === 0) return "busy";
      open.add(row.submission_id);
      schedulePump();
      return "requeued";
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
      const unsaved = unsavedStates.get(submissionId);
      if (unsaved !== undefined) return unsaved;
      const row = loadState.get(submissionId) as { state: string } | undefined;
      return row?.state ?? null;
    },
    async saveState(submissionId: string, json: string) {
      // Write-behind: it commits before the entry's "done" (same or earlier batch), and the
      // submission's next entry starts only after that commit, so it always reads this state.
      if (closed) throw new Error("The journal is closed");
      unsavedStates.set(submissionId, json);
      writeBehind(saveState, [submissionId, json], submissionId);
    },
    async getEffect(key: string) {
      const row = getEffect.get(key) as
        | { state: "started" | "done"; value: string | null }
        | undefined;
      return row === undefined ? null : { state: row.state, value: row.value };
    },
    async setEffect(key: string, effect: EffectRecord) {
      // Awaited: "started" must be on disk before the post it announces.
      await write(setEffect, [key, effect.state, effect.value], true);
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
      // Commit and sync what is queued, including writes that arrive while a sync runs.
      for (;;) {
        flush();
        if (syncing === null) break;
        await syncing;
      }
      closed = true;
      if (walFd !== null) closeSync(walFd);
      db.close();
    },
  };
}
