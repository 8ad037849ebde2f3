import type { DatabaseSync } from "node:sqlite";
import { storableKey } from "../storable-key.ts";
import { toWatched, type VerdictWatch, type WatchRow } from "../verdict-watch.ts";
import type { GroupCommit } from "./sqlite-group-commit.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS verdict_watch (
  submission_id TEXT PRIMARY KEY,
  linked_at INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  checks INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS verdict_watch_due ON verdict_watch (due_at);`;

/** {@link VerdictWatch} in the SQLite journal's file, written through its group commit. */
export function createSqliteWatch(db: DatabaseSync, writer: GroupCommit): VerdictWatch {
  db.exec(SCHEMA);
  const watch = db.prepare(
    "INSERT INTO verdict_watch (submission_id, linked_at, due_at, checks) VALUES (?1, ?2, ?3, 0) ON CONFLICT (submission_id) DO UPDATE SET due_at = excluded.due_at, checks = 0",
  );
  const unwatch = db.prepare("DELETE FROM verdict_watch WHERE submission_id = ?");
  const due = db.prepare(
    "SELECT * FROM verdict_watch WHERE due_at <= ? ORDER BY due_at, submission_id LIMIT ?",
  );
  const take = db.prepare(
    "UPDATE verdict_watch SET due_at = ?, checks = checks + 1 WHERE submission_id = ? AND due_at = ? AND checks = ?",
  );
  return {
    async watchVerdict(submissionId, dueAt) {
      await writer.write(watch, [storableKey(submissionId), Date.now(), dueAt], false);
    },
    async unwatchVerdict(submissionId) {
      await writer.write(unwatch, [storableKey(submissionId)], false);
    },
    async dueVerdicts(now, limit) {
      return (due.all(now, limit) as unknown as WatchRow[]).map(toWatched);
    },
    async takeVerdictCheck(watched, nextDueAt) {
      const changes = await writer.write(
        take,
        [nextDueAt, storableKey(watched.submissionId), watched.dueAt, watched.checks],
        false,
      );
      return changes === 1;
    },
  };
}
