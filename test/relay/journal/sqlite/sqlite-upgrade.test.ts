import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteJournal } from "../../../../relay/journal/index.ts";
import {
  firstSqliteJournal,
  UPGRADE_RETRY,
  writeSqliteFile,
} from "../../helpers/old-sqlite-journal.ts";
import { completedEvent } from "../../helpers/submission-builders.ts";

const dir = mkdtempSync(join(tmpdir(), "sqlite-upgrade-"));

describe("openSqliteJournal on a journal from before the delivery ids", () => {
  it("keeps its entries' ids as dedupe keys, so that they stay duplicates after retention", async () => {
    const path = join(dir, "old.db");
    firstSqliteJournal(
      path,
      `INSERT INTO events (id, submission_id, payload, state, received_at, updated_at)
        VALUES ('msg_old', 's-old', '{}', 'done', 1, 1);`,
    );
    const journal = openSqliteJournal({ path, retry: UPGRADE_RETRY });
    try {
      expect(await journal.prune(Date.now(), 10)).toBe(1);
      const event = completedEvent("s-old", "a");
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
    await openSqliteJournal({ path, retry: UPGRADE_RETRY }).close(100);
    writeSqliteFile(
      path,
      `INSERT INTO events (id, submission_id, payload, state, received_at, updated_at)
        VALUES ('msg_old', 's-old', '{}', 'done', 1, 1);
      INSERT INTO effects (key, state, value, submission_id, entry_id)
        VALUES ('slack-reply:mention:s-old', 'done', '1.1', 's-old', 'msg_old');`,
    );
    const journal = openSqliteJournal({ path, retry: UPGRADE_RETRY });
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
