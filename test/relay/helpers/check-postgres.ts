import pg from "pg";

/** The test server on these machines (trust auth); `.ci/run` makes sure one answers. */
export const TEST_POSTGRES_URL =
  process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * True when the test Postgres answers; prints a notice when it does not. Under CI (`CI=true`,
 * where `.ci/run` starts the server) a missing server is an error, so the Postgres suites can
 * never be skipped silently there.
 */
export async function checkPostgres(): Promise<boolean> {
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
