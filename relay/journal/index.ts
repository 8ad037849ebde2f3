export { AttemptDeadlineError } from "./attempt-deadline.ts";
export { JournalDurabilityError } from "./durability-error.ts";
export { EffectClaimLostError } from "./effect-claim-lost-error.ts";
export type { EntryRetryPolicy } from "./entry-retry-policy.ts";
export { entryRetryDelayMs } from "./entry-retry-policy.ts";
export type {
  AttemptInfo,
  DeliveryState,
  EffectClaim,
  EffectJournal,
  EffectScope,
  EntryHandler,
  Journal,
  JournalEntry,
  JournalStats,
  RedeliverResult,
  WorkerHooks,
} from "./journal.ts";
export {
  JOURNAL_FAULT_REASONS,
  type JournalFaultReason,
  journalFaultReason,
} from "./journal-fault-reason.ts";
export { isJournalInUseError, JournalInUseError } from "./journal-in-use-error.ts";
export { JournalUnavailableError } from "./journal-unavailable-error.ts";
export { type OpenJournalOptions, openJournal } from "./open-journal.ts";
export type { PostgresJournalOptions } from "./postgres/postgres-journal.ts";
export { openPostgresJournal } from "./postgres/postgres-journal.ts";
export { startRetention } from "./retention.ts";
export type { RetryNotBefore } from "./retry-not-before.ts";
export { retryNotBefore } from "./retry-not-before.ts";
export type { Fdatasync, SqliteJournalOptions } from "./sqlite/sqlite-journal.ts";
export { openSqliteJournal } from "./sqlite/sqlite-journal.ts";
export { keyFromStorable, storableKey } from "./storable-key.ts";
export { unstorableReason } from "./unstorable-input.ts";
export type { VerdictWatch, WatchedSubmission } from "./verdict-watch.ts";
