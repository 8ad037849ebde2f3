import { closeSync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { RelayEvent } from "../relay-event.ts";
import { claimEffect } from "./claim-effect.ts";
import type { JournalDurabilityError } from "./durability-error.ts";
import { EffectClaimLostError } from "./effect-claim-lost-error.ts";
import type { EffectScope, EntryHandler, Journal, WorkerHooks } from "./journal.ts";
import { openOwnedDatabase } from "./open-owned-database.ts";
import type { RetryPolicy } from "./retry-policy.ts";
import { createGroupCommit, type Fdatasync } from "./sqlite-group-commit.ts";
import { type EventRow, toEntry } from "./sqlite-rows.ts";
import { prepareStatements, SQLITE_SCHEMA, upgradeSqliteSchema } from "./sqlite-schema.ts";
import { createSqliteWatch } from "./sqlite-watch.ts";
import { createSqliteWorker } from "./sqlite-worker.ts";

export type { Fdatasync } from "./sqlite-group-commit.ts";

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

/** How long after a failed write the journal reports itself unready. */
const FAILURE_QUIET_MS = 5000;

interface EffectRow {
  state: "claimed" | "done";
  value: string | null;
  claimed_until: number;
}

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

/** Opens the WAL and makes its directory entry durable once; `:memory:` journals have none. */
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
  prepareDatabase(db);
  const walFd = memory ? null : openWal(options.path);
  const q = prepareStatements(db);
  const open = new Set(
    (
      db
        .prepare(
          "SELECT DISTINCT submission_id FROM events WHERE state IN ('pending', 'processing')",
        )
        .all() as { submission_id: string }[]
    ).map((r) => r.submission_id),
  );
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
  const worker = createSqliteWorker({
    q,
    writer,
    retry: options.retry,
    concurrency: options.concurrency ?? 4,
    pollMs: options.pollMs ?? 100,
    handlerTimeoutMs: options.handlerTimeoutMs ?? 20_000,
    open,
  });
  const watch = createSqliteWatch(db, writer);
  // Submission states written behind and not yet committed: reads see them at once.
  const unsavedStates = new Map<string, string>();

  async function claim(key: string, scope: EffectScope, leaseMs: number) {
    const row = q.getEffect.get(key) as EffectRow | undefined;
    // Done is final: no write needed to learn it.
    if (row?.state === "done") return { status: "done" as const, value: row.value };
    // Durable: the claim is on disk before the effect it announces.
    return claimEffect(
      {
        insert: async (token, lease) => {
          const now = Date.now();
          const params = [key, scope.submissionId, scope.entryId, token, scope.since];
          return (await writer.write(q.newClaim, [...params, now + lease, now], true)) === 1;
        },
        takeOver: async (token, lease) => {
          const now = Date.now();
          const changes = await writer.write(q.takeOver, [token, now + lease, now, key, now], true);
          if (changes !== 1) return undefined;
          return Number((q.getEffect.get(key) as { since: number } | undefined)?.since ?? 0);
        },
        read: async () => {
          const current = q.getEffect.get(key) as EffectRow | undefined;
          if (current === undefined) return undefined;
          return { state: current.state, value: current.value, until: current.claimed_until };
        },
      },
      leaseMs,
    );
  }

  return {
    kind: "sqlite",
    location: options.path,
    async ingest(id: string, event: RelayEvent, traceparent: string | null = null) {
      // The entry and its delivery id (the dedupe key that outlives it) commit before this resolves.
      const now = Date.now();
      const payload = JSON.stringify(event);
      const changes = await writer.write(
        q.insert,
        [id, event.submissionId, payload, now, now, traceparent],
        true,
      );
      if (changes === 0) return "duplicate";
      open.add(event.submissionId);
      return "accepted";
    },
    async ping() {
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
      worker.schedulePump();
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
      writer.writeBehind(q.saveState, [submissionId, json, Date.now()], submissionId, () => {
        if (unsavedStates.get(submissionId) === json) unsavedStates.delete(submissionId);
      });
    },
    claimEffect: claim,
    ...watch,
    async completeEffect(key: string, token: string, value: string | null) {
      // At commit: lost to a power cut, the claim looks unknown and the next attempt finds the
      // effect at its destination instead of repeating it.
      if ((await writer.write(q.complete, [value, Date.now(), key, token], false)) === 0) {
        throw new EffectClaimLostError(key);
      }
    },
    async abandonEffect(key: string, token: string, outcome: "not-performed" | "unknown") {
      // An unknown outcome keeps the claim to the end of its lease (see the interface).
      if (outcome === "not-performed") await writer.write(q.release, [key, token], false);
    },
    async prune(before: number, limit: number) {
      const done = writer.write(q.pruneEntryEffects, [before, limit], false);
      const deleted = writer.write(q.pruneEntries, [before, limit], false);
      const states = writer.write(q.pruneSubmissionEffects, [before, limit], false);
      const submissions = writer.write(q.pruneSubmissions, [before, limit], false);
      // All four awaited together: one left out would be an unhandled rejection when the
      // commit fails (a full disk), and Node ends the process for that.
      const [, count] = await Promise.all([done, deleted, states, submissions]);
      return count;
    },
    async pruneDeliveryIds(before: number, limit: number) {
      return writer.write(q.pruneDeliveryIds, [before, limit], false);
    },
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
