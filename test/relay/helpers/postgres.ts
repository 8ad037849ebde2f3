import pg from "pg";

/** The test server on these machines (trust auth); `.ci/run` makes sure one answers. */
export const TEST_POSTGRES_URL =
  process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * True when the test Postgres answers; prints a notice when it does not. Under CI (`CI=true`,
 * where `.ci/run` starts the server) a missing server is an error, so the Postgres suites can
 * never be skipped silently there.
 */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch (error) {
    if (process.env["CI"] === "true") {
      throw new Error(`CI needs Postgres at ${TEST_POSTGRES_URL}; .ci/run should have started it`, {
        cause: error,
      });
    }
    console.warn(
      `NOTICE: no Postgres answers at ${TEST_POSTGRES_URL}; skipping the Postgres relay tests`,
    );
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A schema name no other test run uses. */
export function uniqueSchema(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Drops the relay schema and pg-boss's schema of a test run. */
export async function dropSchemas(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${schema}_boss" CASCADE`);
  } finally {
    await client.end();
  }
}
