import { closeSync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { RelayEvent } from "../../relay-event.ts";
import type { JournalDurabilityError } from "../durability-error.ts";
import type { EntryRetryPolicy } from "../entry-retry-policy.ts";
import type { EntryHandler, Journal, WorkerHooks } from "../journal.ts";
import { openOwnedDatabase } from "../open-owned-database.ts";
import { storableKey } from "../storable-key.ts";
import { createSqliteEffects } from "./sqlite-effects.ts";
import { createGroupCommit, type Fdatasync, type GroupCommit } from "./sqlite-group-commit.ts";
import { type EventRow, toEntry } from "./sqlite-rows.ts";
import {
  prepareStatements,
  SQLITE_SCHEMA,
  type SqliteStatements,
  upgradeSqliteSchema,
} from "./sqlite-schema.ts";
import { createSqliteWatch } from "./sqlite-watch.ts";
import { createSqliteWorker } from "./sqlite-worker.ts";

export type { Fdatasync } from "./sqlite-group-commit.ts";

/** Options of {@link openSqliteJournal}. */
export interface SqliteJournalOptions {
  /** A file path, or `:memory:`. */
  readonly path: string;
  readonly retry: EntryRetryPolicy;
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

/** How long after a failed write the journal reports itself unready. */
const FAILURE_QUIET_MS = 5000;

/** Creates or upgrades the schema; whatever a gone process was running runs again. */
function prepareDatabase(db: DatabaseSync): void {
  // The WAL is synced by hand (fdatasync off the main thread, like `synchronous=FULL` would on
  // it); SQLite still syncs it itself before every checkpoint.
  db.exec("PRAGMA synchronous = NORMAL;");
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(SQLITE_SCHEMA);
    upgradeSqliteSchema(db);
    // This process owns the file, so whatever was running belonged to a process that is gone:
    // its entries run again. Its claims hold until their leases end, as any unknown outcome
    // does: a post sent just before the end may still be applied late.
    db.exec("UPDATE events SET state = 'pending' WHERE state = 'processing';");
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    db.close();
    throw error;
  }
}

/** Opens the WAL and makes its directory entry durable once; its descriptor (a file journal only). */
function openWal(path: string): number {
  // SQLite keeps the WAL file while a connection is open.
  const walFd = openSync(`${path}-wal`, "a");
  const dirFd = openSync(dirname(path), "r");
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
  return walFd;
}

/** The database (owned, its schema up to date) and the WAL's descriptor (null in memory). */
function openDatabase(options: SqliteJournalOptions): { db: DatabaseSync; walFd: number | null } {
  const memory = options.path === ":memory:";
  if (!memory) mkdirSync(dirname(options.path), { recursive: true });
  const db = memory
    ? new DatabaseSync(":memory:")
    : openOwnedDatabase(options.path, options.lockTimeoutMs ?? 1000);
  prepareDatabase(db);
  return { db, walFd: memory ? null : openWal(options.path) };
}

/** Submissions with entries waiting or running. */
function openSubmissions(db: DatabaseSync): Set<string> {
  const rows = db
    .prepare("SELECT DISTINCT submission_id FROM events WHERE state IN ('pending', 'processing')")
    .all() as { submission_id: string }[];
  return new Set(rows.map((r) => r.submission_id));
}

/** Throws when the journal cannot take writes (see {@link Journal.ping}). */
async function ping(db: DatabaseSync, q: SqliteStatements, writer: GroupCommit) {
  const broken = writer.broken();
  if (broken !== null) throw broken;
  db.prepare("SELECT 1").get();
  // Writes failed lately (a full disk): not ready. Some writes may still fit in space the
  // WAL already has, so one that commits proves little; after a quiet spell, a probe
  // write decides.
  const failure = writer.failure();
  if (failure === null) return;
  if (Date.now() - failure.at < FAILURE_QUIET_MS) throw failure.error;
  await writer.write(q.probe, [], false);
  if (writer.failure() === failure) writer.clearFailure();
}

/** Intake, listing, redelivery and gauges; `wake` looks for work (a redelivered entry). */
function sqliteEntries(
  db: DatabaseSync,
  q: SqliteStatements,
  writer: GroupCommit,
  open: Set<string>,
  wake: () => void,
) {
  return {
    async ingest(id: string, event: RelayEvent, traceparent: string | null = null) {
      // The entry and its delivery id (the dedupe key that outlives it) commit before this resolves.
      const now = Date.now();
      // The payload is JSON text: U+0000 and lone surrogates in it are escapes, kept exactly.
      const payload = JSON.stringify(event);
      const submission = storableKey(event.submissionId);
      const changes = await writer.write(
        q.insert,
        [id, submission, payload, now, now, traceparent],
        true,
      );
      if (changes === 0) return "duplicate";
      open.add(submission);
      return "accepted";
    },
    async listEntries(limit: number) {
      const rows = db
        .prepare("SELECT * FROM events ORDER BY seq DESC LIMIT ?")
        .all(limit) as unknown as EventRow[];
      return rows.map(toEntry);
    },
    async redeliver(id: string) {
      const row = q.entryState.get(id) as { submission_id: string; state: string } | undefined;
      if (row === undefined) return "unknown";
      const changes = await writer.write(q.requeue, [Date.now(), id], true);
      // Still waiting or running: it goes through the relays anyway; a replay now would race it.
      if (changes === 0) return "busy";
      open.add(row.submission_id);
      wake();
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
      return q.later.get(storableKey(submissionId), seq) !== undefined;
    },
  };
}

/** How many submissions' latest state text the journal keeps beyond those still being written. */
const CACHED_STATES = 32;

/**
 * Per-submission relay state, written behind. The latest text of recent submissions is kept
 * (reads see a state not yet committed at once, and a large state is not read back from the
 * file for every event). While the worker runs a submission's line (`hold`), its state is
 * written once, when the run commits (`release`); otherwise the writes of one submission
 * queued for the same commit are one write.
 */
function submissionStates(q: SqliteStatements, writer: GroupCommit, closed: () => boolean) {
  const latest = new Map<string, string>();
  // The parameters of the state write queued for the next commit, by submission.
  const queued = new Map<string, SQLInputValue[]>();
  const held = new Set<string>();
  const unwritten = new Set<string>();
  const pinned = (key: string) => queued.has(key) || unwritten.has(key);
  function keep(submissionId: string, json: string): void {
    latest.delete(submissionId);
    latest.set(submissionId, json);
    for (const key of latest.keys()) {
      if (latest.size <= CACHED_STATES + queued.size + unwritten.size) break;
      if (!pinned(key)) latest.delete(key);
    }
  }
  function write(submissionId: string, json: string): void {
    const waiting = queued.get(submissionId);
    if (waiting !== undefined) {
      // The group commit runs a write's parameters as they are when it commits.
      waiting[1] = json;
      waiting[2] = Date.now();
      return;
    }
    const params: SQLInputValue[] = [submissionId, json, Date.now()];
    queued.set(submissionId, params);
    writer.writeBehind(q.saveState, params, submissionId, (ok) => {
      queued.delete(submissionId);
      // Not written: the next read takes the file's state (the entry runs again).
      if (!ok && latest.get(submissionId) === params[1]) latest.delete(submissionId);
    });
  }
  return {
    async loadState(id: string) {
      const submissionId = storableKey(id);
      const known = latest.get(submissionId);
      if (known !== undefined) return known;
      const row = q.loadState.get(submissionId) as { state: string } | undefined;
      return row?.state ?? null;
    },
    async saveState(id: string, json: string) {
      const submissionId = storableKey(id);
      // Write-behind: it commits before the entry's "done" (same or earlier batch: a run's
      // "done"s are queued after its state), and later reads take it from `latest`.
      if (closed()) throw new Error("The journal is closed");
      keep(submissionId, json);
      if (held.has(submissionId)) unwritten.add(submissionId);
      else write(submissionId, json);
    },
    /** The worker runs the submission's line: its state waits for {@link release}. */
    hold(submissionId: string) {
      held.add(submissionId);
    },
    /** Queues the state the run left (before the run's "done"s, so in the same commit or an earlier one). */
    release(submissionId: string) {
      held.delete(submissionId);
      const json = latest.get(submissionId);
      if (unwritten.delete(submissionId) && json !== undefined) write(submissionId, json);
    },
    /** The length of the submission's latest state text (0 when none is kept). */
    size(submissionId: string) {
      return latest.get(submissionId)?.length ?? 0;
    },
    /** Retention deleted states: what is kept of them must go too. */
    forgetStates() {
      for (const key of latest.keys()) if (!pinned(key)) latest.delete(key);
    },
  };
}

/** Retention: finished entries with their effects, abandoned submissions, old delivery ids. */
function sqliteRetention(q: SqliteStatements, writer: GroupCommit, forgetStates: () => void) {
  return {
    async prune(before: number, limit: number) {
      const done = writer.write(q.pruneEntryEffects, [before, limit], false);
      const deleted = writer.write(q.pruneEntries, [before, limit], false);
      const states = writer.write(q.pruneSubmissionEffects, [before, limit], false);
      const submissions = writer.write(q.pruneSubmissions, [before, limit], false);
      // All four awaited together: one left out would be an unhandled rejection when the
      // commit fails (a full disk), and Node ends the process for that.
      const [, count, , abandoned] = await Promise.all([done, deleted, states, submissions]);
      if (abandoned > 0) forgetStates();
      return count;
    },
    async pruneDeliveryIds(before: number, limit: number) {
      return writer.write(q.pruneDeliveryIds, [before, limit], false);
    },
  };
}

/**
 * The embedded journal on Node's built-in `node:sqlite`, in WAL mode. Every commit is followed
 * by an fsync of the WAL before anyone waiting on it resumes (what `synchronous=FULL` does), so
 * an acknowledged event has reached the disk. One process owns the file: a second one is
 * refused at open ({@link JournalInUseError}); run Postgres for replicas.
 */
export function openSqliteJournal(options: SqliteJournalOptions): Journal {
  const { db, walFd } = openDatabase(options);
  const q = prepareStatements(db);
  const open = openSubmissions(db);
  let closing = false;
  let closed = false;
  const writer = createGroupCommit({
    db,
    walFd,
    ...(options.fdatasync === undefined ? {} : { fdatasync: options.fdatasync }),
    onDurabilityFailure:
      options.onDurabilityFailure ??
      ((error: JournalDurabilityError) => {
        throw error;
      }),
    onCommitted: () => worker.journalWorks(),
  });
  const { forgetStates, hold, release, size, ...states } = submissionStates(
    q,
    writer,
    () => closed,
  );
  const worker = createSqliteWorker({
    states: { hold, release, size },
    q,
    writer,
    retry: options.retry,
    concurrency: options.concurrency ?? 4,
    pollMs: options.pollMs ?? 100,
    handlerTimeoutMs: options.handlerTimeoutMs ?? 20_000,
    open,
  });

  return {
    kind: "sqlite",
    location: options.path,
    ...sqliteEntries(db, q, writer, open, () => worker.schedulePump()),
    ping: () => ping(db, q, writer),
    ...states,
    ...createSqliteEffects(q, writer),
    ...sqliteRetention(q, writer, forgetStates),
    ...createSqliteWatch(db, writer),
    async start(handler: EntryHandler, hooks: WorkerHooks = {}) {
      worker.start(handler, hooks);
    },
    async close(timeoutMs: number) {
      if (closing) return;
      closing = true;
      await worker.stop(timeoutMs);
      await writer.close();
      closed = true;
      if (walFd !== null) closeSync(walFd);
      db.close();
    },
  };
}
