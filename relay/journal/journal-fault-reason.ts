import { JournalDurabilityError } from "./durability-error.ts";
import { isPostgresOutage } from "./is-postgres-outage.ts";
import type { Journal } from "./journal.ts";
import { JournalUnavailableError } from "./journal-unavailable-error.ts";

/**
 * What `/readyz` says when the journal fails, one fixed sentence per kind of fault, each saying
 * what to do. A health endpoint is often public: the store's own error text (a database's
 * host and port, a file's path) goes to the log, never here.
 */
export const JOURNAL_FAULT_REASONS = Object.freeze({
  waiting: "waiting for the database: check that it is running and reachable from the relay",
  unreachable: "database unreachable: check that it is running and reachable from the relay",
  refused:
    "database refused the relay: check the user, database and privileges in STORE_URL and STORE_SCHEMA",
  diskFull: "disk full: free space on the journal's volume",
  notDurable: "journal could not sync to disk: the relay is stopping; check the disk",
  writesFailing: "journal writes failing: see the relay's log for the cause",
  unavailable: "journal unavailable: see the relay's log for the cause",
} as const);

export type JournalFaultReason = (typeof JOURNAL_FAULT_REASONS)[keyof typeof JOURNAL_FAULT_REASONS];

/** SQLite's primary result code for a full disk (`SQLITE_FULL`; extended codes keep it in the low byte). */
const SQLITE_FULL = 13;

/** The fixed reason for a failure of `journal.ping()` (see {@link JOURNAL_FAULT_REASONS}). */
export function journalFaultReason(kind: Journal["kind"], error: unknown): JournalFaultReason {
  if (error instanceof JournalUnavailableError) return JOURNAL_FAULT_REASONS.waiting;
  if (error instanceof JournalDurabilityError) return JOURNAL_FAULT_REASONS.notDurable;
  if (kind === "postgres") {
    return isPostgresOutage(error)
      ? JOURNAL_FAULT_REASONS.unreachable
      : JOURNAL_FAULT_REASONS.refused;
  }
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof errcode !== "number") return JOURNAL_FAULT_REASONS.unavailable;
  return (errcode & 0xff) === SQLITE_FULL
    ? JOURNAL_FAULT_REASONS.diskFull
    : JOURNAL_FAULT_REASONS.writesFailing;
}
