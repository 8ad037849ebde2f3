import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  type Journal,
  openPostgresJournal,
  openSqliteJournal,
} from "../../../relay/journal/index.ts";
import type { RelayEvent } from "../../../relay/relay-event.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../helpers/postgres.ts";

const hasPostgres = hasTestPostgres();
const schema = testSchema("relay_traceparent");
const dir = mkdtempSync(join(tmpdir(), "journal-traceparent-"));

const retry = { maxAttempts: 1, baseMs: 10, maxMs: 10 };
const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
const event: RelayEvent = {
  kind: "asset.processing.completed",
  submissionId: "s-trace",
  assetId: "a",
  workspaceId: null,
  status: "complete",
  errorMessage: null,
  issueCount: 0,
  occurredAt: null,
};

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
    const old = new DatabaseSync(path);
    old.exec(`CREATE TABLE events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, submission_id TEXT NOT NULL,
      payload TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL DEFAULT 0, last_error TEXT, received_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL);`);
    old.close();
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
