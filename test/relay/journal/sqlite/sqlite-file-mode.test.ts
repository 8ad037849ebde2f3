import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteJournal } from "../../../../relay/journal/index.ts";
import { completedEvent } from "../../helpers/submission-builders.ts";

const dir = mkdtempSync(join(tmpdir(), "journal-mode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const event = completedEvent("s-1", "a");

describe("openSqliteJournal: the journal is its owner's only (0600)", () => {
  it.each([
    ["a new journal", false],
    ["a journal an earlier run left readable by others (0644)", true],
  ])("openSqliteJournal makes %s and its -wal file 0600", async (_name, existing) => {
    const path = join(dir, `${existing ? "old" : "new"}.db`);
    if (existing) writeFileSync(path, "", { mode: 0o644 });
    const journal = openSqliteJournal({ path, retry: { maxAttempts: 1, baseMs: 10, maxMs: 10 } });
    try {
      expect(await journal.ingest("msg_1", event)).toBe("accepted");
      expect(mode(path)).toBe("600");
      expect(existsSync(`${path}-wal`)).toBe(true);
      expect(mode(`${path}-wal`)).toBe("600");
      if (existsSync(`${path}-shm`)) expect(mode(`${path}-shm`)).toBe("600");
    } finally {
      await journal.close(100);
    }
  });
});
