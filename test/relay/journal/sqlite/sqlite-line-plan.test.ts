import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import {
  prepareStatements,
  SQLITE_SCHEMA,
} from "../../../../relay/journal/sqlite/sqlite-schema.ts";

/** SQLite's plan for one of the journal's statements, as its lines of detail. */
function plan(db: DatabaseSync, sql: string): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map(
    (row) => row.detail,
  );
}

describe("the SQLite journal's reads of a submission's line", () => {
  // Issue 35: read through the index of all of a submission's entries, the line's read went
  // past every entry the submission had finished before it reached an open one, and grew with
  // the submission's size; the index of open entries holds only those.
  it.each(["line", "lineAfter", "later"] as const)(
    "%s reads the index of open entries, never the finished ones",
    (name) => {
      const db = new DatabaseSync(":memory:");
      db.exec(SQLITE_SCHEMA);
      const q = prepareStatements(db);
      const detail = plan(db, q[name].sourceSQL);
      expect(detail.join("\n")).toMatch(/USING INDEX events_open \(submission_id=\?/);
      expect(detail.join("\n")).not.toMatch(/TEMP B-TREE/);
      db.close();
    },
  );
});
