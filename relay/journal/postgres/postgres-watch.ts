import type pg from "pg";
import { storableKey } from "../storable-key.ts";
import { toWatched, type VerdictWatch, type WatchRow } from "../verdict-watch.ts";

/** Creates the watch table in `s` (quoted schema), inside the caller's schema transaction. */
export async function preparePostgresWatch(db: pg.PoolClient, s: string): Promise<void> {
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.verdict_watch (
      submission_id TEXT PRIMARY KEY,
      linked_at BIGINT NOT NULL,
      due_at BIGINT NOT NULL,
      checks INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS verdict_watch_due ON ${s}.verdict_watch (due_at);`);
}

/** {@link VerdictWatch} in the Postgres journal's schema `s` (quoted), shared by replicas. */
export function createPostgresWatch(pool: pg.Pool, s: string): VerdictWatch {
  return {
    async watchVerdict(submissionId, dueAt) {
      await pool.query(
        `INSERT INTO ${s}.verdict_watch (submission_id, linked_at, due_at, checks)
         VALUES ($1, $2, $3, 0)
         ON CONFLICT (submission_id) DO UPDATE SET due_at = excluded.due_at, checks = 0`,
        [storableKey(submissionId), Date.now(), dueAt],
      );
    },
    async unwatchVerdict(submissionId) {
      await pool.query(`DELETE FROM ${s}.verdict_watch WHERE submission_id = $1`, [
        storableKey(submissionId),
      ]);
    },
    async dueVerdicts(now, limit) {
      const { rows } = await pool.query<WatchRow>(
        `SELECT * FROM ${s}.verdict_watch WHERE due_at <= $1
         ORDER BY due_at, submission_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toWatched);
    },
    async takeVerdictCheck(watched, nextDueAt) {
      // Compare-and-set: of two replicas sweeping at once, one moves the row.
      const updated = await pool.query(
        `UPDATE ${s}.verdict_watch SET due_at = $1, checks = checks + 1
         WHERE submission_id = $2 AND due_at = $3 AND checks = $4`,
        [nextDueAt, storableKey(watched.submissionId), watched.dueAt, watched.checks],
      );
      return updated.rowCount === 1;
    },
  };
}
