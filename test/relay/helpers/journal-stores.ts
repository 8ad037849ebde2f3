import {
  type Journal,
  openPostgresJournal,
  openSqliteJournal,
  type SqliteJournalOptions,
} from "../../../relay/journal/index.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "./postgres.ts";

/** Retries fast enough for tests. */
export const TEST_RETRY = Object.freeze({ maxAttempts: 3, baseMs: 10, maxMs: 50 });

/** Options for either journal. */
export type TestStoreOptions = Partial<
  Pick<SqliteJournalOptions, "path" | "fdatasync" | "handlerTimeoutMs" | "retry">
>;

/** One of the two journals, opened fresh each time; Postgres is skipped where none answers. */
export interface TestStore {
  readonly name: "sqlite" | "postgres";
  readonly skip: boolean;
  /**
   * A new journal. SQLite's is in memory unless given a path; `path` and `fdatasync` are
   * SQLite's only.
   */
  open(options?: TestStoreOptions): Promise<Journal>;
}

/**
 * Both journals; each Postgres journal opened gets a schema of its own (testSchema), dropped when
 * the test that opened it ends, or after the file when opened in `beforeAll`.
 */
export function testStores(prefix: string): TestStore[] {
  return [
    {
      name: "sqlite",
      skip: false,
      open: async (options = {}) =>
        openSqliteJournal({ path: ":memory:", retry: TEST_RETRY, ...options }),
    },
    {
      name: "postgres",
      skip: !hasTestPostgres(),
      open: async ({ handlerTimeoutMs, retry = TEST_RETRY } = {}) =>
        openPostgresJournal({
          connectionString: TEST_POSTGRES_URL,
          schema: testSchema(prefix),
          retry,
          ...(handlerTimeoutMs === undefined ? {} : { handlerTimeoutMs }),
        }),
    },
  ];
}
