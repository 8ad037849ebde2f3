export type {
  AttemptInfo,
  DeliveryState,
  EffectRecord,
  EntryHandler,
  Journal,
  JournalEntry,
  RedeliverResult,
  WorkerHooks,
} from "./journal.ts";
export { openJournal } from "./open-journal.ts";
export type { PostgresJournalOptions } from "./postgres-journal.ts";
export { openPostgresJournal } from "./postgres-journal.ts";
export type { RetryPolicy } from "./retry-policy.ts";
export { retryDelayMs } from "./retry-policy.ts";
export type { SqliteJournalOptions } from "./sqlite-journal.ts";
export { openSqliteJournal } from "./sqlite-journal.ts";
