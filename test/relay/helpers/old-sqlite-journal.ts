import { DatabaseSync } from "node:sqlite";

/** The retries of a journal opened to be upgraded: one attempt, no waiting. */
export const UPGRADE_RETRY = Object.freeze({ maxAttempts: 1, baseMs: 10, maxMs: 10 });

/**
 * The events table of the first SQLite journals: no delivery ids, no trace context, no
 * effects table beside it.
 */
const FIRST_EVENTS_TABLE = `CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, submission_id TEXT NOT NULL,
  payload TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0, last_error TEXT, received_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL);`;

/** Runs `sql` on the SQLite file at `path`, as an earlier release (or a test) left it. */
export function writeSqliteFile(path: string, sql: string): void {
  const db = new DatabaseSync(path);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

/** A journal file as the first release left it at `path`: its events table, then `sql`. */
export function firstSqliteJournal(path: string, sql = ""): void {
  writeSqliteFile(path, `${FIRST_EVENTS_TABLE}\n${sql}`);
}
