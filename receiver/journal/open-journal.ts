import type { RelayConfig } from "../config.ts";
import type { Journal } from "./journal.ts";
import { openPostgresJournal } from "./postgres-journal.ts";
import { openSqliteJournal } from "./sqlite-journal.ts";

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
  >,
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
    });
  }
  return openPostgresJournal({
    connectionString: config.storeUrl,
    schema: config.storeSchema,
    retry,
    concurrency: config.concurrency,
    expireSeconds: config.jobExpireSeconds,
    superviseSeconds: config.superviseSeconds,
  });
}
