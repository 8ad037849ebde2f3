// The Postgres fixture of the tests: whether the test server answers (asked once per run by
// test/setup/postgres-availability.ts), and schemas of their own that are dropped when the test
// or file that asked for them ends, as pg-boss's test hooks give every test its own schema.

import pg from "pg";
import { inject } from "vitest";
import { registerTeardown } from "../../helpers/register-teardown.ts";
import { checkPostgres, TEST_POSTGRES_URL } from "./check-postgres.ts";

export { TEST_POSTGRES_URL };

/**
 * True when the test Postgres answers. Under `npm test` the run asked once (global setup); a run
 * without that setup (the reliability runs) asks here, once per file.
 */
export async function postgresAvailable(): Promise<boolean> {
  return hasTestPostgres() ?? (await checkPostgres());
}

/** The run's answer to "does the test Postgres answer?", or undefined where nobody asked. */
export function hasTestPostgres(): boolean | undefined {
  try {
    return inject("postgresAvailable");
  } catch {
    return undefined;
  }
}

/** A schema name no other test run uses. */
export function uniqueSchema(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A schema of the caller's own (and pg-boss's `<schema>_boss` beside it), dropped when the test
 * that asked ends, or after the file's `afterAll` when asked in `beforeAll` or at the top level.
 */
export function testSchema(prefix: string): string {
  const schema = uniqueSchema(prefix);
  registerTeardown(async () => {
    if (hasTestPostgres() !== false) await dropSchemas(schema);
  });
  return schema;
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
