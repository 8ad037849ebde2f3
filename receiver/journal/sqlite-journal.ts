import { randomUUID } from "node:crypto";
import { closeSync, fdatasync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { RelayEvent } from "../relay-event.ts";
import { attemptDeadline, errorText } from "./attempt-deadline.ts";
import { JournalDurabilityError } from "./durability-error.ts";
import type {
  DeliveryState,
  EffectClaim,
  EffectScope,
  EntryHandler,
  Journal,
  JournalEntry,
  WorkerHooks,
} from "./journal.ts";
import { openOwnedDatabase } from "./open-owned-database.ts";
import { type RetryPolicy, retryDelayMs } from "./retry-policy.ts";
import { prepareStatements, SQLITE_SCHEMA, upgradeSqliteSchema } from "./sqlite-schema.ts";

/** `fs.fdatasync`'s shape: syncs a file's data, then calls back. */
export type Fdatasync = (
  fd: number,
  callback: (error: NodeJS.ErrnoException | null) => void,
) => void;

/** Options of {@link openSqliteJournal}. */
export interface SqliteJournalOptions {
  /** A file path, or `:memory:`. */
  readonly path: string;
  readonly retry: RetryPolicy;
  /** Handlers running at once (on different submissions). @default 4 */
  readonly concurrency?: number;
  /** How often to look for entries whose backoff has passed. @default 100 */
  readonly pollMs?: number;
  /** The deadline of one handler attempt. @default 20000 */
  readonly handlerTimeoutMs?: number;
  /**
   * Called when an fsync after COMMIT fails: committed writes may not be durable, and the
   * process must end (the next start schedules what was committed). @default throws it
   */
  readonly onDurabilityFailure?: (error: JournalDurabilityError) => void;
  /** How long a second opener waits for the file's lock before giving up. @default 1000 */
  readonly lockTimeoutMs?: number;
  /** Replaces `fs.fdatasync` (fault-injection tests only). */
  readonly fdatasync?: Fdatasync;
}

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

interface EffectRow {
  state: "claimed" | "done";
  value: string | null;
  since: number;
  claimed_until: number;
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

/**
 * The embedded journal on Node's built-in `node:sqlite`, in WAL mode. Every commit is followed
 * by an fsync of the WAL before anyone waiting on it resumes (what `synchronous=FULL` does), so
 * an acknowledged event has reached the disk. One process owns the file: a second one is
 * refused at open ({@link JournalInUseError}); run Postgres for replicas.
 */
export function openSqliteJournal(options: SqliteJournalOptions): Journal {
  const memory = options.path === ":memory:";
  if (!memory) mkdirSync(dirname(options.path), { recursive: true });
  const db = memory
    ? new DatabaseSync(":memory:")
    : openOwnedDatabase(options.path, options.lockTimeoutMs ?? 1000);
  const syncFile = options.fdatasync ?? fdatasync;
  const onDurabilityFailure =
    options.onDurabilityFailure ??
    ((error: JournalDurabilityError) => {
      throw error;
    });
  // The WAL is synced by hand below (fdatasync off the main thread, like `synchronous=FULL`
  // would on it); SQLite still syncs it itself before every checkpoint.
  db.exec("PRAGMA synchronous = NORMAL;");
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(SQLITE_SCHEMA);
    upgradeSqliteSchema(db);
    // This process owns the file, so whatever was running belonged to a process that is gone:
    // its entries run again, and its claims' outcomes are unknown (look before repeating).
    db.exec(`UPDATE events SET state = 'pending' WHERE state = 'processing';
             UPDATE effects SET claimed_until = 0 WHERE state = 'claimed';`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    db.close();
    throw error;
  }
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
  const handlerTimeoutMs = options.handlerTimeoutMs ?? 20_000;
  const q = prepareStatements(db);
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
  const stop = new AbortController();
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
    /** Resolve only after the fsync (acknowledged events, effect claims), or at commit. */
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
  // Set once an fsync failed: nothing is answered any more, the process is ending.
  let broken: JournalDurabilityError | null = null;

  function settle(batch: readonly { write: Write; changes: number }[], error: unknown): void {
    for (const { write: w, changes } of batch) {
      if (error === null) {
        if (
          w.statement === q.saveState &&
          unsavedStates.get(w.params[0] as string) === w.params[1]
        ) {
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
      syncFile(walFd as number, (error) => {
        syncing = null;
        if (error) {
          // Committed but maybe not durable: answering now (503 or 200) would strand the events,
          // so the process ends first and the next start schedules whatever was committed.
          broken = new JournalDurabilityError("the write-ahead log", { cause: error });
          onDurabilityFailure(broken);
          settle(batch, broken);
          resolve();
          return;
        }
        settle(batch, null);
        resolve();
        // After this turn's I/O, so that requests readable in it join the next commit.
        if (queue.length > 0) setImmediate(flush);
      });
    });
  }

  function flush(): void {
    // While an fsync runs, writes gather for the next commit (the fsync's end flushes them):
    // bigger batches, fewer commits and fsyncs, and this thread is free to serve meanwhile.
    if (syncing !== null || broken !== null) return;
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
        if (w.statement === q.saveState) unsavedStates.delete(w.params[0] as string);
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
      if (closed || broken !== null) {
        reject(broken ?? new Error("The journal is closed"));
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
    if (closed || broken !== null) return;
    enqueue({ statement, params, submissionId, durable: false, resolve: null, reject: null });
  }

  async function run(entry: JournalEntry): Promise<void> {
    const attempt = entry.attempts + 1;
    const isLast = attempt >= options.retry.maxAttempts;
    const sub = entry.event.submissionId;
    writeBehind(q.setState, ["processing", attempt, 0, entry.lastError, Date.now(), entry.id], sub);
    const current = { ...entry, state: "processing" as const, attempts: attempt };
    const deadline = attemptDeadline(handlerTimeoutMs, [stop.signal]);
    try {
      await handler?.(current, {
        attempt,
        isLast,
        signal: deadline.signal,
        deadline: deadline.deadline,
      });
      if (closed) return;
      await write(q.setState, ["done", attempt, 0, null, Date.now(), entry.id], false, sub);
      hooks.onDone?.(current);
    } catch (error) {
      if (closed) return;
      try {
        if (isLast) {
          await write(
            q.setState,
            ["dead", attempt, 0, errorText(error), Date.now(), entry.id],
            false,
            sub,
          );
          hooks.onDead?.(current, error);
        } else {
          const delay = retryDelayMs(options.retry, attempt);
          const at = Date.now() + delay;
          await write(
            q.setState,
            ["pending", attempt, at, errorText(error), Date.now(), entry.id],
            false,
            sub,
          );
          hooks.onRetry?.(current, error, delay);
        }
      } catch {
        // The journal itself failed: the entry stays open and runs again on the next pump.
      }
    } finally {
      deadline.dispose();
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
    if (handler === null || stopping || closed || broken !== null) return;
    const now = Date.now();
    for (const submissionId of open) {
      if (running.size >= concurrency) break;
      if (running.has(submissionId)) continue;
      const row = q.head.get(submissionId) as Row | undefined;
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

  async function claimEffect(
    key: string,
    scope: EffectScope,
    leaseMs: number,
  ): Promise<EffectClaim> {
    for (;;) {
      const now = Date.now();
      const row = q.getEffect.get(key) as EffectRow | undefined;
      if (row?.state === "done") return { status: "done", value: row.value };
      if (row !== undefined && Number(row.claimed_until) > now) {
        return { status: "busy", until: Number(row.claimed_until) };
      }
      const token = randomUUID();
      // Durable: the claim is on disk before the effect it announces.
      if (row === undefined) {
        const params = [
          key,
          scope.submissionId,
          scope.entryId,
          token,
          scope.since,
          now + leaseMs,
          now,
        ];
        if ((await write(q.newClaim, params, true)) === 1) return { status: "new", token };
      } else if ((await write(q.takeOver, [token, now + leaseMs, now, key, now], true)) === 1) {
        return { status: "unknown", token, since: Number(row.since) };
      }
      // Someone else got there between the read and the write: read again.
    }
  }

  return {
    kind: "sqlite",
    location: options.path,
    async ingest(id: string, event: RelayEvent) {
      // The dedupe key and the queue entry are the same row, committed before this resolves.
      const now = Date.now();
      const payload = JSON.stringify(event);
      const changes = await write(q.insert, [id, event.submissionId, payload, now, now], true);
      if (changes === 0) return "duplicate";
      open.add(event.submissionId);
      return "accepted";
    },
    async ping() {
      if (broken !== null) throw broken;
      db.prepare("SELECT 1").get();
    },
    async listEntries(limit: number) {
      const rows = db
        .prepare("SELECT * FROM events ORDER BY seq DESC LIMIT ?")
        .all(limit) as unknown as Row[];
      return rows.map(toEntry);
    },
    async redeliver(id: string) {
      const row = q.entryState.get(id) as { submission_id: string; state: string } | undefined;
      if (row === undefined) return "unknown";
      const changes = await write(q.requeue, [Date.now(), id], true);
      // Still waiting or running: it goes through the relays anyway; a replay now would race it.
      if (changes === 0) return "busy";
      open.add(row.submission_id);
      schedulePump();
      return "requeued";
    },
    async stats() {
      // Kept by triggers as entries change state (see the schema): two rows, never a scan.
      const values = new Map(
        (q.gauges.all() as { name: string; value: number }[]).map((r) => [r.name, Number(r.value)]),
      );
      return { queueDepth: values.get("open") ?? 0, deadLettered: values.get("dead") ?? 0 };
    },
    async hasLaterEntries(submissionId: string, seq: number) {
      return q.later.get(submissionId, seq) !== undefined;
    },
    async loadState(submissionId: string) {
      const unsaved = unsavedStates.get(submissionId);
      if (unsaved !== undefined) return unsaved;
      const row = q.loadState.get(submissionId) as { state: string } | undefined;
      return row?.state ?? null;
    },
    async saveState(submissionId: string, json: string) {
      // Write-behind: it commits before the entry's "done" (same or earlier batch), and the
      // submission's next entry starts only after that commit, so it always reads this state.
      if (closed) throw new Error("The journal is closed");
      unsavedStates.set(submissionId, json);
      writeBehind(q.saveState, [submissionId, json, Date.now()], submissionId);
    },
    claimEffect,
    async completeEffect(key: string, _token: string, value: string | null) {
      // At commit: lost to a power cut, the claim looks unknown and the next attempt finds the
      // effect at its destination instead of repeating it.
      await write(q.complete, [value, Date.now(), key], false);
    },
    async abandonEffect(key: string, token: string, outcome: "not-performed" | "unknown") {
      if (outcome === "not-performed") await write(q.release, [key, token], false);
      else await write(q.expire, [Date.now(), key, token], false);
    },
    async prune(before: number, limit: number) {
      const done = write(q.pruneEntryEffects, [before, limit], false);
      const deleted = write(q.pruneEntries, [before, limit], false);
      const states = write(q.pruneSubmissionEffects, [before, limit], false);
      const submissions = write(q.pruneSubmissions, [before, limit], false);
      await Promise.all([done, states, submissions]);
      return await deleted;
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
      // Handlers still running after the timeout are stopped and left `processing`; the next
      // start runs them again (their claims then count as unknown).
      stop.abort(new Error("The relay is shutting down"));
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
