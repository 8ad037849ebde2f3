// The Postgres fixture of the tests: whether the test server answers (asked once per run by
// test/setup/postgres-availability.ts), and schemas of their own that are dropped when the test
// or file that asked for them ends, as pg-boss's test hooks give every test its own schema.

import pg from "pg";
import { inject } from "vitest";
import { registerTeardown } from "../../helpers/register-teardown.ts";
import { TEST_POSTGRES_URL } from "./check-postgres.ts";

export { TEST_POSTGRES_URL };

/**
 * True when the test Postgres answers: asked once per run by test/setup/postgres-availability.ts,
 * a global setup of every vitest config that runs these files.
 */
export function hasTestPostgres(): boolean {
  const answer = inject("postgresAvailable") as boolean | undefined;
  if (answer === undefined) {
    throw new Error(
      "Nobody asked whether the test Postgres answers: add test/setup/postgres-availability.ts to this vitest config's globalSetup",
    );
  }
  return answer;
}

/** A schema name no other test run uses. */
function uniqueSchema(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A schema of the caller's own (and pg-boss's `<schema>_boss` beside it), dropped when the test
 * that asked ends, or after the file's `afterAll` when asked in `beforeAll` or at the top level.
 */
export function testSchema(prefix: string): string {
  const schema = uniqueSchema(prefix);
  registerTeardown(async () => {
    if (hasTestPostgres()) await dropSchemas(schema);
  });
  return schema;
}

/** Drops the relay schema and pg-boss's schema of a test run. */
async function dropSchemas(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${schema}_boss" CASCADE`);
  } finally {
    await client.end();
  }
}
