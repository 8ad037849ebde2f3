import { attemptDeadline } from "../attempt-deadline.ts";
import type { EntryRetryPolicy } from "../entry-retry-policy.ts";
import type { EntryHandler, JournalEntry, WorkerHooks } from "../journal.ts";
import { journalBackoffMs } from "../journal-backoff.ts";
import { type AttemptStore, runAttempt } from "../run-attempt.ts";
import { storableKey } from "../storable-key.ts";
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

/**
 * Submissions held back after their journal writes failed (the disk is full, say): their
 * entries wait here, in memory, instead of running again at once and spinning while the
 * journal fails. The backoff grows with the failures in a row.
 */
class HoldBack {
  readonly #until = new Map<string, number>();
  #failures = 0;

  /** Holds the submission back; returns for how long (ms). */
  failed(submissionId: string): number {
    this.#failures += 1;
    const delay = journalBackoffMs(this.#failures);
    this.#until.set(submissionId, Date.now() + delay);
    return delay;
  }

  succeeded(): void {
    this.#failures = 0;
  }

  /** True while the submission is held back at `now`. */
  holds(submissionId: string, now: number): boolean {
    const until = this.#until.get(submissionId);
    if (until === undefined) return false;
    if (until > now) return true;
    this.#until.delete(submissionId);
    return false;
  }

  /** The journal works again: nothing is held back any longer. */
  clear(): void {
    this.#failures = 0;
    this.#until.clear();
  }
}

/**
 * The submission's head when it is due at `now`; undefined when it is not, or when the
 * submission has no open entry left (it leaves `open`). Throws when the read fails.
 */
function dueHead(
  q: SqliteStatements,
  open: Set<string>,
  submissionId: string,
  now: number,
): EventRow | undefined {
  const row = q.head.get(submissionId) as EventRow | undefined;
  if (row === undefined) open.delete(submissionId);
  // A `processing` head that nothing here runs lost its state write: it runs again.
  else if (row.state === "pending" && Number(row.next_attempt_at) > now) return undefined;
  return row;
}

/** One attempt of an entry; a failure of the journal itself holds its submission back. */
async function runEntry(
  entry: JournalEntry,
  options: SqliteWorkerOptions,
  worker: { handler: EntryHandler | null; hooks: WorkerHooks; held: HoldBack },
  stop: AbortSignal,
): Promise<void> {
  const sub = storableKey(entry.event.submissionId);
  const deadline = attemptDeadline(options.handlerTimeoutMs, [stop]);
  try {
    await runAttempt(entry, {
      handler: worker.handler ?? (async () => undefined),
      hooks: worker.hooks,
      policy: options.retry,
      store: sqliteAttemptStore(options.q, options.writer, sub),
      deadline,
      abandoned: () => stop.aborted,
    });
    worker.held.succeeded();
  } catch (error) {
    // The journal itself failed: the entry stays `pending` or `processing` and runs again
    // after a backoff (the pump also takes a `processing` head that nothing runs).
    worker.hooks.onJournalError?.(error, worker.held.failed(sub));
  } finally {
    deadline.dispose();
  }
}

/** Runs journal entries through the handler, with retries, dead-lettering and backoff. */
export function createSqliteWorker(options: SqliteWorkerOptions): SqliteWorker {
  const { q, writer, open } = options;
  let handler: EntryHandler | null = null;
  let hooks: WorkerHooks = {};
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let pumpScheduled = false;
  const stop = new AbortController();
  const running = new Map<string, Promise<void>>(); // submission id -> its running handler
  const held = new HoldBack();

  function journalFailed(submissionId: string, error: unknown): void {
    hooks.onJournalError?.(error, held.failed(submissionId));
  }

  const run = (entry: JournalEntry) =>
    runEntry(entry, options, { handler, hooks, held }, stop.signal);

  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

  function pump(): void {
    if (handler === null || stopping || writer.broken() !== null) return;
    const now = Date.now();
    for (const submissionId of open) {
      if (running.size >= options.concurrency) break;
      if (running.has(submissionId)) continue;
      if (held.holds(submissionId, now)) continue;
      let row: EventRow | undefined;
      try {
        row = dueHead(q, open, submissionId, now);
      } catch (error) {
        journalFailed(submissionId, error);
      }
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
      held.clear();
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
