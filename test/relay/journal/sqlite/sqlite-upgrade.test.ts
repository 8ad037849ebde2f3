import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { openSqliteJournal } from "../../../../relay/journal/index.ts";

const dir = mkdtempSync(join(tmpdir(), "sqlite-upgrade-"));

describe("openSqliteJournal on a journal from before the delivery ids", () => {
  it("keeps its entries' ids as dedupe keys, so that they stay duplicates after retention", async () => {
    const path = join(dir, "old.db");
    const old = new DatabaseSync(path);
    old.exec(`CREATE TABLE events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, submission_id TEXT NOT NULL,
      payload TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL DEFAULT 0, last_error TEXT, received_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL);
      INSERT INTO events (id, submission_id, payload, state, received_at, updated_at)
        VALUES ('msg_old', 's-old', '{}', 'done', 1, 1);`);
    old.close();
    const journal = openSqliteJournal({
      path,
      retry: { maxAttempts: 1, baseMs: 10, maxMs: 10 },
    });
    try {
      expect(await journal.prune(Date.now(), 10)).toBe(1);
      const event = {
        kind: "asset.processing.completed" as const,
        submissionId: "s-old",
        assetId: "a",
        workspaceId: null,
        status: "complete",
        errorMessage: null,
        issueCount: 0,
        occurredAt: null,
      };
      expect(await journal.ingest("msg_old", event)).toBe("duplicate");
      expect(await journal.ingest("msg_new", event)).toBe("accepted");
    } finally {
      await journal.close(100);
    }
  });
});

describe("openSqliteJournal on a journal that kept mention replies with their entries", () => {
  it("moves them to the submission, so that retention of the entry leaves them", async () => {
    const path = join(dir, "mentions.db");
    const first = openSqliteJournal({ path, retry: { maxAttempts: 1, baseMs: 10, maxMs: 10 } });
    await first.close(100);
    const old = new DatabaseSync(path);
    old.exec(`INSERT INTO events (id, submission_id, payload, state, received_at, updated_at)
        VALUES ('msg_old', 's-old', '{}', 'done', 1, 1);
      INSERT INTO effects (key, state, value, submission_id, entry_id)
        VALUES ('slack-reply:mention:s-old', 'done', '1.1', 's-old', 'msg_old');`);
    old.close();
    const journal = openSqliteJournal({ path, retry: { maxAttempts: 1, baseMs: 10, maxMs: 10 } });
    try {
      expect(await journal.prune(Date.now(), 10)).toBe(1);
      const scope = { submissionId: "s-old", entryId: null, since: 0 };
      expect(await journal.claimEffect("slack-reply:mention:s-old", scope, 1)).toEqual({
        status: "done",
        value: "1.1",
      });
    } finally {
      await journal.close(100);
    }
  });
});
