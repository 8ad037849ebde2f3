import { fdatasync } from "node:fs";
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { JournalDurabilityError } from "../durability-error.ts";

/** `fs.fdatasync`'s shape: syncs a file's data, then calls back. */
export type Fdatasync = (
  fd: number,
  callback: (error: NodeJS.ErrnoException | null) => void,
) => void;

/** One write of a batch. */
interface Write {
  readonly statement: StatementSync;
  readonly params: readonly SQLInputValue[];
  /** The submission whose line this write belongs to (for write-behind failures). */
  readonly submissionId: string | null;
  /** Resolve only after the fsync (acknowledged events, effect claims), or at commit. */
  readonly durable: boolean;
  readonly resolve: ((changes: number) => void) | null;
  readonly reject: ((error: unknown) => void) | null;
  /** Called once the write committed (true) or failed (false). */
  readonly settled?: (ok: boolean) => void;
}

export interface GroupCommitOptions {
  readonly db: DatabaseSync;
  /** The WAL's descriptor, synced after every commit; null for `:memory:`. */
  readonly walFd: number | null;
  readonly fdatasync?: Fdatasync;
  /** An fsync after COMMIT failed: the process must end. */
  readonly onDurabilityFailure: (error: JournalDurabilityError) => void;
  /** A batch committed (and synced, where it had durable writes). */
  readonly onCommitted: () => void;
}

/** The writer of the SQLite journal: every write goes through it. */
export interface GroupCommit {
  /** Resolves with the number of changed rows once committed (and synced, if `durable`). */
  write(
    statement: StatementSync,
    params: readonly SQLInputValue[],
    durable: boolean,
    submissionId?: string | null,
    settled?: (ok: boolean) => void,
  ): Promise<number>;
  /**
   * A write nobody waits for; it commits with the turn's batch, before any later write. Safe
   * for bookkeeping that a crash may lose (the entry then simply runs again). When it fails,
   * the submission's next awaited write fails with it.
   */
  writeBehind(
    statement: StatementSync,
    params: readonly SQLInputValue[],
    submissionId: string,
    settled?: (ok: boolean) => void,
  ): void;
  /** The last failed batch's error and when (the disk is full, say); null once cleared. */
  failure(): { readonly error: unknown; readonly at: number } | null;
  /** Forgets the last failure (a probe write went through). */
  clearFailure(): void;
  /** Set once an fsync failed: nothing is answered any more, the process is ending. */
  broken(): JournalDurabilityError | null;
  /** Commits and syncs everything queued, then refuses further writes. */
  close(): Promise<void>;
}

/** A write with how it commits: resolved with its changes, or failed with an error. */
interface Done {
  readonly write: Write;
  readonly changes: number;
}

/**
 * Runs a batch in one transaction, in order; the changes of each write. On an error it rolls
 * back and throws that error.
 */
function commitBatch(db: DatabaseSync, batch: readonly Write[]): number[] {
  const changes: number[] = [];
  db.exec("BEGIN IMMEDIATE");
  try {
    for (const w of batch) changes.push(Number(w.statement.run(...w.params).changes));
    db.exec("COMMIT");
  } catch (error) {
    // SQLite rolls back by itself on some errors (SQLITE_FULL among them): a ROLLBACK then
    // fails with "no transaction is active", and the true cause must not be lost to it.
    if (db.isTransaction) {
      try {
        db.exec("ROLLBACK");
      } catch {
        // The original error is the one that matters.
      }
    }
    throw error;
  }
  return changes;
}

/**
 * Answers writes: each resolves with its changes, or fails. A write-behind that failed is
 * remembered: the next awaited write of that submission fails with it, so its entry is not
 * marked done over lost bookkeeping (and is retried instead).
 */
function createAnswers(onCommitted: () => void) {
  const failedBehind = new Map<string, unknown>();
  function fail(w: Write, error: unknown): void {
    w.settled?.(false);
    if (w.reject !== null) w.reject(error);
    else if (w.submissionId !== null) failedBehind.set(w.submissionId, error);
  }
  return {
    fail,
    /** Answers the batch: committed (and synced, where it had to be) when `error` is null. */
    settle(batch: readonly Done[], error: unknown): void {
      for (const { write: w, changes } of batch) {
        if (error === null) {
          w.settled?.(true);
          w.resolve?.(changes);
        } else fail(w, error);
      }
      if (error === null) onCommitted();
    },
    /** The failure of the submission's last write-behind, forgotten once taken. */
    takeFailedBehind(submissionId: string | null): { error: unknown } | undefined {
      if (submissionId === null || !failedBehind.has(submissionId)) return undefined;
      const error = failedBehind.get(submissionId);
      failedBehind.delete(submissionId);
      return { error };
    },
  };
}

/**
 * The fsync of the WAL after commits. Durable writes wait for it; one runs at a time, in the
 * thread pool, while this thread goes on serving requests.
 */
function createWalSync(
  options: GroupCommitOptions,
  settle: (batch: readonly Done[], error: unknown) => void,
  afterSync: () => void,
) {
  const syncFile = options.fdatasync ?? fdatasync;
  let unsynced: Done[] = [];
  let syncing: Promise<void> | null = null;
  let broken: JournalDurabilityError | null = null;

  function sync(): void {
    if (syncing !== null || unsynced.length === 0) return;
    const batch = unsynced;
    unsynced = [];
    const { walFd } = options;
    if (walFd === null) {
      settle(batch, null);
      return;
    }
    syncing = new Promise((resolve) => {
      syncFile(walFd, (error) => {
        syncing = null;
        if (error) {
          // Committed but maybe not durable: answering now (503 or 200) would strand the events,
          // so the process ends first and the next start schedules whatever was committed.
          broken = new JournalDurabilityError("the write-ahead log", { cause: error });
          options.onDurabilityFailure(broken);
          settle(batch, broken);
          resolve();
          return;
        }
        settle(batch, null);
        resolve();
        afterSync();
      });
    });
  }

  return {
    /** Syncs `batch` (now, or after the fsync that runs). */
    add(batch: readonly Done[]): void {
      unsynced.push(...batch);
      sync();
    },
    syncing: () => syncing,
    broken: () => broken,
  };
}

/**
 * Group commit: every write of one turn of the event loop (acknowledged events and the
 * worker's bookkeeping alike) goes into ONE transaction, in order, and one fsync covers the
 * lot; each waiting caller resumes only after that fsync. The transaction runs on this thread
 * (a second writer would contend for SQLite's lock, and lock waits sleep); only the fsync,
 * the slow part, runs in the thread pool.
 */
export function createGroupCommit(options: GroupCommitOptions): GroupCommit {
  let queue: Write[] = [];
  let lastFailure: { error: unknown; at: number } | null = null;
  let closed = false;
  const answers = createAnswers(options.onCommitted);
  // After the fsync's I/O turn, so that requests readable in it join the next commit.
  const wal = createWalSync(options, answers.settle, () => {
    if (queue.length > 0) setImmediate(flush);
  });

  function flush(): void {
    // While an fsync runs, writes gather for the next commit (the fsync's end flushes them):
    // bigger batches, fewer commits and fsyncs, and this thread is free to serve meanwhile.
    if (wal.syncing() !== null || wal.broken() !== null) return;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    let done: Done[];
    try {
      const changes = commitBatch(options.db, batch);
      done = batch.map((write, i) => ({ write, changes: changes[i] ?? 0 }));
    } catch (error) {
      lastFailure = { error, at: Date.now() };
      for (const w of batch) answers.fail(w, error);
      return;
    }
    // Bookkeeping goes on at commit (a crash of the process loses no committed write; a power
    // cut may lose the last of it, and the entry then runs again); the rest waits for the fsync.
    const committed = done.filter((d) => !d.write.durable);
    if (committed.length > 0) answers.settle(committed, null);
    wal.add(done.filter((d) => d.write.durable));
  }

  function enqueue(write: Write): void {
    queue.push(write);
    if (queue.length === 1) setImmediate(flush);
  }

  const refusal = () => wal.broken() ?? (closed ? new Error("The journal is closed") : null);

  return {
    write(statement, params, durable, submissionId = null, settled) {
      return new Promise((resolve, reject) => {
        const refused = refusal();
        if (refused !== null) return reject(refused);
        const failed = answers.takeFailedBehind(submissionId);
        if (failed !== undefined) {
          settled?.(false);
          return reject(failed.error);
        }
        const extra = settled === undefined ? {} : { settled };
        enqueue({ statement, params, submissionId, durable, resolve, reject, ...extra });
      });
    },
    writeBehind(statement, params, submissionId, settled) {
      if (refusal() !== null) return;
      const answer = { resolve: null, reject: null, ...(settled === undefined ? {} : { settled }) };
      enqueue({ statement, params, submissionId, durable: false, ...answer });
    },
    failure: () => lastFailure,
    clearFailure: () => {
      lastFailure = null;
    },
    broken: () => wal.broken(),
    async close() {
      // Commit and sync what is queued, including writes that arrive while a sync runs.
      for (;;) {
        flush();
        const syncing = wal.syncing();
        if (syncing === null) break;
        await syncing;
      }
      closed = true;
    },
  };
}
