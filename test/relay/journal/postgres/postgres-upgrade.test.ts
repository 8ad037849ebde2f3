import pg from "pg";
import { describe, expect, it } from "vitest";
import { openPostgresJournal } from "../../../../relay/journal/index.ts";
import type { AssetEvent } from "../../../../relay/relay-event.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../../helpers/postgres.ts";

const hasPostgres = hasTestPostgres();
const schema = testSchema("relay_pg_upgrade");

const event = (submissionId: string, errorMessage: string): AssetEvent => ({
  kind: "asset.processing.failed",
  submissionId,
  assetId: "a",
  workspaceId: null,
  status: "failed",
  errorMessage,
  issueCount: null,
  occurredAt: null,
});

describe("openPostgresJournal on a journal whose events hold JSONB payloads", () => {
  it.skipIf(!hasPostgres)(
    "reads its entries, takes U+0000 from then on, and moves its mention claims to the submission",
    async () => {
      const old = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await old.connect();
      try {
        // The tables as the release before this one made them (the parts that changed).
        await old.query(`CREATE SCHEMA "${schema}";
          CREATE TABLE "${schema}".events (
            seq BIGSERIAL PRIMARY KEY, id TEXT NOT NULL UNIQUE, submission_id TEXT NOT NULL,
            payload JSONB NOT NULL, state TEXT NOT NULL DEFAULT 'pending',
            attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT,
            received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            updated_at TIMESTAMPTZ NOT NULL DEFAULT now());
          CREATE TABLE "${schema}".effects (key TEXT PRIMARY KEY, state TEXT NOT NULL, value TEXT,
            submission_id TEXT, entry_id TEXT);`);
        await old.query(
          `INSERT INTO "${schema}".events (id, submission_id, payload, state) VALUES ($1, $2, $3, 'done')`,
          ["msg_old", "s-old", JSON.stringify(event("s-old", "old"))],
        );
        await old.query(
          `INSERT INTO "${schema}".effects (key, state, value, submission_id, entry_id)
           VALUES ('slack-reply:mention:s-old', 'done', '1.1', 's-old', 'msg_old'),
                  ('slack-reply:msg_old', 'done', '1.2', 's-old', 'msg_old')`,
        );
      } finally {
        await old.end();
      }
      const journal = await openPostgresJournal({
        connectionString: TEST_POSTGRES_URL,
        schema,
        retry: { maxAttempts: 1, baseMs: 1000, maxMs: 1000 },
      });
      try {
        expect(await journal.ingest("msg_new", event("s-\u0000", "nul \u0000"))).toBe("accepted");
        const entries = await journal.listEntries(10);
        expect(entries.map((e) => [e.id, e.event])).toEqual([
          ["msg_new", event("s-\u0000", "nul \u0000")],
          ["msg_old", event("s-old", "old")],
        ]);
        // Retention takes the old entry with its own reply, not the submission's mention.
        expect(await journal.prune(Date.now() + 1000, 10)).toBe(1);
        const scope = { submissionId: "s-old", entryId: null, since: 0 };
        expect(await journal.claimEffect("slack-reply:mention:s-old", scope, 1)).toEqual({
          status: "done",
          value: "1.1",
        });
        expect((await journal.claimEffect("slack-reply:msg_old", scope, 1)).status).toBe("new");
      } finally {
        await journal.close(1000);
      }
    },
  );
});
