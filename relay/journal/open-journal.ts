import type { JournalDurabilityError } from "./durability-error.ts";
import { isPostgresOutage } from "./is-postgres-outage.ts";
import type { Journal } from "./journal.ts";
import { journalWhenReady } from "./journal-when-ready.ts";
import { openPostgresJournal } from "./postgres/postgres-journal.ts";
import { describeServer } from "./postgres/postgres-rows.ts";
import type { Fdatasync } from "./sqlite/sqlite-journal.ts";
import { openSqliteJournal } from "./sqlite/sqlite-journal.ts";

/** The settings of the journal, as the relay's configuration resolved them. */
export interface JournalSettings {
  /** `sqlite:<path>` or a Postgres URL. */
  readonly storeUrl: string;
  readonly storeSchema: string;
  readonly maxAttempts: number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly concurrency: number;
  readonly jobExpireSeconds: number;
  readonly superviseSeconds: number;
  readonly handlerTimeoutMs: number;
}

/** What the process around the journal decides. */
export interface OpenJournalOptions {
  /** Ends the process when committed writes could not be made durable (SQLite). */
  readonly onDurabilityFailure: (error: JournalDurabilityError) => void;
  /** Replaces `fs.fdatasync` for the SQLite journal (fault-injection tests only). */
  readonly fdatasync?: Fdatasync;
  /** Postgres cannot be reached at start-up; the next attempt comes after `delayMs`. */
  readonly onWaiting?: (error: unknown, delayMs: number) => void;
  /** The Postgres journal opened (after waiting, or at once). */
  readonly onOpen?: () => void;
  /** Postgres refused the relay for good (bad credentials, no such database): it must stop. */
  readonly onFatal: (error: Error) => void;
}

/**
 * Opens the journal that `STORE_URL` names: `sqlite:<path>` or `postgres://...`. A Postgres
 * journal whose database does not answer resolves all the same, and opens in the background,
 * waiting out the outage with backoff; a misconfiguration (bad credentials) rejects.
 */
export async function openJournal(
  config: JournalSettings,
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
  const { journal, firstAttempt } = journalWhenReady({
    kind: "postgres",
    location: describeServer(config.storeUrl, config.storeSchema),
    open: () =>
      openPostgresJournal({
        connectionString: config.storeUrl,
        schema: config.storeSchema,
        retry,
        concurrency: config.concurrency,
        expireSeconds: config.jobExpireSeconds,
        superviseSeconds: config.superviseSeconds,
        handlerTimeoutMs: config.handlerTimeoutMs,
      }),
    isOutage: isPostgresOutage,
    ...(options.onWaiting === undefined ? {} : { onWaiting: options.onWaiting }),
    ...(options.onOpen === undefined ? {} : { onOpen: options.onOpen }),
    onFatal: options.onFatal,
  });
  // A database that answers is open before the relay listens; one that does not is waited for.
  await firstAttempt.catch(async (error: unknown) => {
    await journal.close(0);
    throw error;
  });
  return journal;
}
