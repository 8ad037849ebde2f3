import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  type Journal,
  openPostgresJournal,
  openSqliteJournal,
} from "../../../relay/journal/index.ts";
import { firstSqliteJournal, UPGRADE_RETRY as retry } from "../helpers/old-sqlite-journal.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../helpers/postgres.ts";
import { completedEvent } from "../helpers/submission-builders.ts";

const hasPostgres = hasTestPostgres();
const schema = testSchema("relay_traceparent");
const dir = mkdtempSync(join(tmpdir(), "journal-traceparent-"));

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
const event = completedEvent("s-trace", "a");

/** Stores two entries, with and without a trace context, and reads them back. */
async function roundTrip(journal: Journal) {
  try {
    expect(await journal.ingest("msg_traced", event, TRACEPARENT)).toBe("accepted");
    expect(await journal.ingest("msg_untraced", event)).toBe("accepted");
    const entries = await journal.listEntries(10);
    return Object.fromEntries(entries.map((e) => [e.id, e.traceparent]));
  } finally {
    await journal.close(100);
  }
}

describe("the journal's traceparent column", () => {
  it("SQLite: a journal from before the column gains it and keeps each entry's trace context", async () => {
    const path = join(dir, "old.db");
    firstSqliteJournal(path);
    const stored = await roundTrip(openSqliteJournal({ path, retry }));
    expect(stored).toEqual({ msg_traced: TRACEPARENT, msg_untraced: null });
  });

  it.skipIf(!hasPostgres)(
    "Postgres: a journal from before the column gains it and keeps each entry's trace context",
    async () => {
      const options = { connectionString: TEST_POSTGRES_URL, schema, retry };
      await (await openPostgresJournal(options)).close(100);
      // What a journal of the previous release looks like.
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`ALTER TABLE "${schema}".events DROP COLUMN traceparent`);
      await client.end();
      const stored = await roundTrip(await openPostgresJournal(options));
      expect(stored).toEqual({ msg_traced: TRACEPARENT, msg_untraced: null });
    },
  );
});
