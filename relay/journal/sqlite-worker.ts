import { attemptDeadline } from "./attempt-deadline.ts";
import type { EntryRetryPolicy } from "./entry-retry-policy.ts";
import type { EntryHandler, JournalEntry, WorkerHooks } from "./journal.ts";
import { journalBackoffMs } from "./journal-backoff.ts";
import { type AttemptStore, runAttempt } from "./run-attempt.ts";
import type { GroupCommit } from "./sqlite-group-commit.ts";
import { type EventRow, toEntry } from "./sqlite-rows.ts";
import type { SqliteStatements } from "./sqlite-schema.ts";

export interface SqliteWorkerOptions {
  readonly q: SqliteStatements;
  readonly writer: GroupCommit;
  readonly retry: EntryRetryPolicy;
  readonly concurrency: number;
  readonly pollMs: number;
  readonly handlerTimeoutMs: number;
  /** Submissions with open entries. One process owns the file, so this set is the whole truth. */
  readonly open: Set<string>;
}

/** The SQLite journal's workers: one handler at a time per submission, in arrival order. */
export interface SqliteWorker {
  start(handler: EntryHandler, hooks: WorkerHooks): void;
  /** Looks for work on the next turn. */
  schedulePump(): void;
  /** A write committed: entries held back by journal failures run again at once. */
  journalWorks(): void;
  /** Stops taking work, waits up to `timeoutMs` for running handlers, then aborts them. */
  stop(timeoutMs: number): Promise<void>;
}

/** The SQLite side of an attempt: it only persists, every write through the group commit. */
function sqliteAttemptStore(q: SqliteStatements, writer: GroupCommit, sub: string): AttemptStore {
  return {
    keepsNotBefore: true,
    begin: (entry, attempt) => {
      const params = ["processing", attempt, 0, entry.lastError, Date.now(), entry.id];
      writer.writeBehind(q.setState, params, sub);
    },
    persist: async (entry, settlement, lastError) => {
      const notBefore = settlement.state === "pending" ? settlement.notBefore : 0;
      const params = [settlement.state, settlement.attempts, notBefore, lastError];
      await writer.write(q.setState, [...params, Date.now(), entry.id], false, sub);
    },
  };
}

/** Waits until every task has settled, or `timeoutMs` has passed. */
async function settledWithin(tasks: readonly Promise<unknown>[], timeoutMs: number) {
  let timeout: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(tasks),
    new Promise((resolve) => {
      timeout = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timeout);
}

/** Runs journal entries through the handler, with retries, dead-lettering and backoff. */
export function createSqliteWorker(options: SqliteWorkerOptions): SqliteWorker {
  const { q, writer, retry, open } = options;
  let handler: EntryHandler | null = null;
  let hooks: WorkerHooks = {};
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let pumpScheduled = false;
  const stop = new AbortController();
  const running = new Map<string, Promise<void>>(); // submission id -> its running handler
  // Submissions whose last state write failed (the disk is full, say): their entries wait
  // here, in memory, instead of running again at once and spinning while the journal fails.
  const held = new Map<string, number>();
  let journalFailures = 0;

  function journalFailed(submissionId: string, error: unknown): void {
    journalFailures += 1;
    const delay = journalBackoffMs(journalFailures);
    held.set(submissionId, Date.now() + delay);
    hooks.onJournalError?.(error, delay);
  }

  async function run(entry: JournalEntry): Promise<void> {
    const sub = entry.event.submissionId;
    const deadline = attemptDeadline(options.handlerTimeoutMs, [stop.signal]);
    try {
      await runAttempt(entry, {
        handler: handler ?? (async () => undefined),
        hooks,
        policy: retry,
        store: sqliteAttemptStore(q, writer, sub),
        deadline,
        abandoned: () => stop.signal.aborted,
      });
      journalFailures = 0;
    } catch (error) {
      // The journal itself failed: the entry stays `pending` or `processing` and runs again
      // after a backoff (the pump also takes a `processing` head that nothing runs).
      journalFailed(sub, error);
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

  /** The submission's head when it is due now; undefined otherwise (or when there is none). */
  function dueHead(submissionId: string, now: number): EventRow | undefined {
    let row: EventRow | undefined;
    try {
      row = q.head.get(submissionId) as EventRow | undefined;
    } catch (error) {
      journalFailed(submissionId, error);
      return undefined;
    }
    if (row === undefined) open.delete(submissionId);
    // A `processing` head that nothing here runs lost its state write: it runs again.
    else if (row.state === "pending" && Number(row.next_attempt_at) > now) return undefined;
    return row;
  }

  function pump(): void {
    if (handler === null || stopping || writer.broken() !== null) return;
    const now = Date.now();
    for (const submissionId of open) {
      if (running.size >= options.concurrency) break;
      if (running.has(submissionId)) continue;
      const heldUntil = held.get(submissionId);
      if (heldUntil !== undefined) {
        if (heldUntil > now) continue;
        held.delete(submissionId);
      }
      const row = dueHead(submissionId, now);
      if (row === undefined) continue;
      const task = run(toEntry(row)).finally(() => {
        running.delete(submissionId);
        schedulePump();
      });
      running.set(submissionId, task);
    }
  }

  return {
    start(h, workerHooks) {
      handler = h;
      hooks = workerHooks;
      timer = setInterval(pump, options.pollMs);
      timer.unref();
      schedulePump();
    },
    schedulePump,
    journalWorks() {
      if (journalFailures > 0 || held.size > 0) {
        journalFailures = 0;
        held.clear();
      }
      schedulePump();
    },
    async stop(timeoutMs) {
      stopping = true;
      if (timer !== null) clearInterval(timer);
      await settledWithin([...running.values()], timeoutMs);
      // Handlers still running after the timeout are stopped and left `processing`; the next
      // start runs them again (their claims hold until their leases end).
      stop.abort(new Error("The relay is shutting down"));
    },
  };
}
