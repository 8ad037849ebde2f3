import type { RelayConfig } from "../config.ts";
import type { JournalDurabilityError } from "./durability-error.ts";
import type { Journal } from "./journal.ts";
import { openPostgresJournal } from "./postgres-journal.ts";
import type { Fdatasync } from "./sqlite-journal.ts";
import { openSqliteJournal } from "./sqlite-journal.ts";

/** What the process around the journal decides. */
export interface OpenJournalOptions {
  /** Ends the process when committed writes could not be made durable (SQLite). */
  readonly onDurabilityFailure: (error: JournalDurabilityError) => void;
  /** Replaces `fs.fdatasync` for the SQLite journal (fault-injection tests only). */
  readonly fdatasync?: Fdatasync;
}

/** Opens the journal that `STORE_URL` names: `sqlite:<path>` or `postgres://...`. */
export async function openJournal(
  config: Pick<
    RelayConfig,
    | "storeUrl"
    | "storeSchema"
    | "maxAttempts"
    | "retryBaseMs"
    | "retryMaxMs"
    | "concurrency"
    | "jobExpireSeconds"
    | "superviseSeconds"
    | "handlerTimeoutMs"
  >,
  options: OpenJournalOptions,
): Promise<Journal> {
  const retry = {
    maxAttempts: config.maxAttempts,
    baseMs: config.retryBaseMs,
    maxMs: config.retryMaxMs,
  };
  if (config.storeUrl.startsWith("sqlite:")) {
    return openSqliteJournal({
      path: config.storeUrl.slice("sqlite:".length) || ":memory:",
      retry,
      concurrency: config.concurrency,
      handlerTimeoutMs: config.handlerTimeoutMs,
      onDurabilityFailure: options.onDurabilityFailure,
      ...(options.fdatasync === undefined ? {} : { fdatasync: options.fdatasync }),
    });
  }
  return openPostgresJournal({
    connectionString: config.storeUrl,
    schema: config.storeSchema,
    retry,
    concurrency: config.concurrency,
    expireSeconds: config.jobExpireSeconds,
    superviseSeconds: config.superviseSeconds,
    handlerTimeoutMs: config.handlerTimeoutMs,
  });
}
