import type { SQLInputValue } from "node:sqlite";
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
  /**
   * Holds a submission's state writes during a run; the run's commit releases them. `size`:
   * the length of the submission's latest state text (0 when none is kept).
   */
  readonly states: {
    hold(submissionId: string): void;
    release(submissionId: string): void;
    size(submissionId: string): number;
  };
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

/**
 * How much of a submission's line one run takes: its entries due now, read `entries` at a
 * time, and no new one after `ms`, or after `msPerStateMegabyte` for each megabyte of the
 * submission's state text, whichever is longer. The "done"s of a run commit together at its
 * end, with one write of the whole state: that write grows with the submission, and for a
 * large one, runs as short as for a small one spent more time writing it than relaying
 * (issue 35). So this bounds what a crash runs again, how long a relayed entry still shows
 * `processing`, and the share of the time that writing a large state takes. For the same
 * reason a run whose state text is `waitFromStateBytes` or more does not end when its line is
 * empty: it waits for entries to come, until its time is up.
 */
const RUN = Object.freeze({
  entries: 100,
  ms: 250,
  msPerStateMegabyte: 50,
  waitFromStateBytes: 1_000_000,
  yieldMs: 5,
});

/**
 * The SQLite side of a run's attempts: it only persists, every write through the group
 * commit. The "done"s are held back and written together once the run ends (`commit`), with
 * the last state the run saved: per-event commits cost a write of the submission's whole
 * state each, so a large submission relayed quadratically (issue 35). A failed attempt ends
 * the run and commits what it holds with it. Handlers still run one at a time, in order; an
 * entry whose "done" did not commit simply runs again (its state update is safe to repeat,
 * and its effects are claimed), as after a crash.
 */
function sqliteRunStore(
  options: SqliteWorkerOptions,
  sub: string,
  hooks: WorkerHooks,
): AttemptStore & { readonly hooks: WorkerHooks; commit(): Promise<void> } {
  const { q, writer, states } = options;
  let held: { readonly entry: JournalEntry; readonly params: SQLInputValue[] }[] = [];
  const { onDone, ...others } = hooks;
  async function commit(last: SQLInputValue[] | null): Promise<void> {
    const batch = held;
    held = [];
    states.release(sub);
    // Queued in one turn: one transaction, after the state write queued just before them.
    const params = [...batch.map((h) => h.params), ...(last === null ? [] : [last])];
    const written = Promise.all(params.map((p) => writer.write(q.setState, p, false, sub)));
    // A run that goes on after a dead letter holds its state again.
    if (last !== null) states.hold(sub);
    await written;
    for (const h of batch) onDone?.(h.entry);
  }
  return {
    keepsNotBefore: true,
    hooks: others,
    begin: (entry, attempt) => {
      const params = ["processing", attempt, 0, entry.lastError, Date.now(), entry.id];
      writer.writeBehind(q.setState, params, sub);
    },
    persist: async (entry, settlement, lastError) => {
      const notBefore = settlement.state === "pending" ? settlement.notBefore : 0;
      const params = [settlement.state, settlement.attempts, notBefore, lastError, Date.now()];
      if (settlement.state === "done") held.push({ entry, params: [...params, entry.id] });
      else await commit([...params, entry.id]);
    },
    commit: () => commit(null),
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
 * The entries of `rows` (a submission's open entries, in order) due at `now`, up to the first
 * one not due or attempted before. An entry attempted before (a retry, or one a crash
 * interrupted) runs alone, at the head of a run: its outcome is committed before its
 * successors start, as the line recovers.
 */
function dueRows(rows: EventRow[], now: number, head: boolean): EventRow[] {
  // A `processing` entry that nothing here runs lost its state write: it runs again.
  const due = (row: EventRow) => row.state !== "pending" || Number(row.next_attempt_at) <= now;
  const alone = (row: EventRow) => Number(row.attempts) > 0;
  if (head && rows[0] !== undefined && alone(rows[0])) return due(rows[0]) ? [rows[0]] : [];
  const end = rows.findIndex((row) => !due(row) || alone(row));
  return end === -1 ? rows : rows.slice(0, end);
}

/**
 * The start of the run of the submission's line due at `now`; empty when the head is not due,
 * or when the submission has no open entry left (it leaves `open`). Throws when the read fails.
 */
function dueRun(
  q: SqliteStatements,
  open: Set<string>,
  submissionId: string,
  now: number,
): EventRow[] {
  const rows = q.line.all(submissionId, RUN.entries) as unknown as EventRow[];
  if (rows.length === 0) open.delete(submissionId);
  return dueRows(rows, now, true);
}

/** Where a run reads its line past its cursor, and how long it waits for more. */
interface RunLine {
  readonly q: SqliteStatements;
  readonly submissionId: string;
  readonly stopped: () => boolean;
  /** Until when a run whose line is empty waits for entries to come (0: it does not). */
  readonly waitUntil: () => number;
}

/**
 * A run's entries: its first ones, then the line's next due entries past the last one taken,
 * read `RUN.entries` at a time, for as long as the run takes them. Once the line is empty,
 * new entries are looked for every `RUN.yieldMs` until `waitUntil`. An entry attempted
 * before runs alone (see {@link dueRows}).
 */
async function* runEntries(first: readonly JournalEntry[], line: RunLine) {
  let batch = first;
  let last = first[first.length - 1];
  if (last === undefined || last.attempts > 0) return yield* first;
  for (;;) {
    yield* batch;
    last = batch[batch.length - 1] ?? last;
    // A short read: the line ends there, or at an entry not due or attempted before.
    if (batch.length < RUN.entries && (line.stopped() || Date.now() >= line.waitUntil())) return;
    if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, RUN.yieldMs));
    const rows = line.q.lineAfter.all(line.submissionId, last.seq, RUN.entries);
    const due = dueRows(rows as unknown as EventRow[], Date.now(), false);
    batch = due.map(toEntry);
    // Cut short by an entry not due, or attempted before: the run ends before it.
    if (due.length < rows.length) return yield* batch;
  }
}

/** A run of a submission's entries, one attempt each, in order; a failure of the journal itself holds the submission back. */
async function runLine(
  entries: readonly JournalEntry[],
  options: SqliteWorkerOptions,
  worker: {
    handler: EntryHandler | null;
    hooks: WorkerHooks;
    held: HoldBack;
    /** The worker is stopping: a run waits for no more entries. */
    stopping: () => boolean;
  },
  stop: AbortSignal,
): Promise<void> {
  const sub = storableKey(entries[0]?.event.submissionId ?? "");
  const store = sqliteRunStore(options, sub, worker.hooks);
  const started = Date.now();
  const budget = () =>
    Math.max(RUN.ms, (options.states.size(sub) / 1_000_000) * RUN.msPerStateMegabyte);
  const line: RunLine = {
    q: options.q,
    submissionId: sub,
    stopped: () => stop.aborted || worker.stopping(),
    waitUntil: () => (options.states.size(sub) >= RUN.waitFromStateBytes ? started + budget() : 0),
  };
  let turn = started;
  options.states.hold(sub);
  try {
    for await (const entry of runEntries(entries, line)) {
      if (stop.aborted || (entry !== entries[0] && Date.now() - started >= budget())) break;
      // Handlers that never wait would keep this thread for the whole run: webhooks are
      // answered between them.
      if (Date.now() - turn >= RUN.yieldMs) {
        await new Promise((resolve) => setImmediate(resolve));
        turn = Date.now();
      }
      const deadline = attemptDeadline(options.handlerTimeoutMs, [stop]);
      try {
        const result = await runAttempt(entry, {
          handler: worker.handler ?? (async () => undefined),
          hooks: store.hooks,
          policy: options.retry,
          store,
          deadline,
          abandoned: () => stop.aborted,
        });
        // A retry waits its backoff, and the entries after it wait for it (arrival order).
        if (result === null || result.settlement.state === "pending") break;
      } finally {
        deadline.dispose();
      }
    }
    await store.commit();
    worker.held.succeeded();
  } catch (error) {
    // The journal itself failed: the run's entries stay `pending` or `processing` and run
    // again after a backoff (the pump also takes a `processing` head that nothing runs).
    worker.hooks.onJournalError?.(error, worker.held.failed(sub));
  } finally {
    // A run that ended early still writes the state its handlers left (their entries run again).
    options.states.release(sub);
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

  const run = (entries: readonly JournalEntry[]) =>
    runLine(entries, options, { handler, hooks, held, stopping: () => stopping }, stop.signal);

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
      let rows: EventRow[] = [];
      try {
        rows = dueRun(q, open, submissionId, now);
      } catch (error) {
        journalFailed(submissionId, error);
      }
      if (rows.length === 0) continue;
      const task = run(rows.map(toEntry)).finally(() => {
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
