import {
  type Journal,
  openPostgresJournal,
  openSqliteJournal,
  type SqliteJournalOptions,
} from "../../../relay/journal/index.ts";
import { registerTeardown } from "../../helpers/register-teardown.ts";
import { dropSchemas, postgresAvailable, TEST_POSTGRES_URL, uniqueSchema } from "./postgres.ts";

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
 * Both journals, with their Postgres schemas named after `prefix`, dropped after the file's
 * `afterAll` hooks when asked for at a file's top level (or by `dropAll`, which stays for the
 * files that still call it).
 */
export async function testStores(
  prefix: string,
): Promise<{ stores: TestStore[]; dropAll: () => Promise<void> }> {
  const hasPostgres = await postgresAvailable();
  const schemas: string[] = [];
  const stores: TestStore[] = [
    {
      name: "sqlite",
      skip: false,
      open: async (options = {}) =>
        openSqliteJournal({ path: ":memory:", retry: TEST_RETRY, ...options }),
    },
    {
      name: "postgres",
      skip: !hasPostgres,
      open: async ({ handlerTimeoutMs, retry = TEST_RETRY } = {}) => {
        const schema = uniqueSchema(prefix);
        schemas.push(schema);
        return openPostgresJournal({
          connectionString: TEST_POSTGRES_URL,
          schema,
          retry,
          ...(handlerTimeoutMs === undefined ? {} : { handlerTimeoutMs }),
        });
      },
    },
  ];
  const dropAll = async () => {
    for (const schema of schemas.splice(0)) await dropSchemas(schema);
  };
  registerTeardown(dropAll);
  return { stores, dropAll };
}
