import type { DatabaseSync, StatementSync } from "node:sqlite";

// The gauges (`open`: entries waiting or running, `dead`: dead-lettered) are kept by triggers
// in the same transaction as every change of an entry's state, so `/metrics` reads two rows
// instead of counting a table that may hold millions.
const gauge = (state: string) =>
  `CASE WHEN ${state} IN ('pending', 'processing') THEN 'open' WHEN ${state} = 'dead' THEN 'dead' END`;

/** The SQLite journal's tables, indexes and triggers. */
export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  submission_id TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  received_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  traceparent TEXT
);
CREATE INDEX IF NOT EXISTS events_open ON events (submission_id, seq)
  WHERE state IN ('pending', 'processing');
CREATE INDEX IF NOT EXISTS events_submission ON events (submission_id);
CREATE INDEX IF NOT EXISTS events_finished ON events (updated_at, seq)
  WHERE state IN ('done', 'dead');
CREATE TABLE IF NOT EXISTS submission_state (
  submission_id TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  updated_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS effects (
  key TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  value TEXT,
  submission_id TEXT,
  entry_id TEXT,
  token TEXT,
  since INTEGER NOT NULL DEFAULT 0,
  claimed_until INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS gauges (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
-- The dedupe keys, kept for DEDUPE_DAYS after retention deleted their entries: ids only.
CREATE TABLE IF NOT EXISTS delivery_ids (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS delivery_ids_received ON delivery_ids (received_at);
CREATE TRIGGER IF NOT EXISTS events_delivery_id AFTER INSERT ON events BEGIN
  INSERT OR IGNORE INTO delivery_ids (id, received_at) VALUES (NEW.id, NEW.received_at);
END;
CREATE TRIGGER IF NOT EXISTS events_gauge_insert AFTER INSERT ON events BEGIN
  UPDATE gauges SET value = value + 1 WHERE name = ${gauge("NEW.state")};
END;
CREATE TRIGGER IF NOT EXISTS events_gauge_update AFTER UPDATE OF state ON events
  WHEN OLD.state IS NOT NEW.state BEGIN
  UPDATE gauges SET value = value - 1 WHERE name = ${gauge("OLD.state")};
  UPDATE gauges SET value = value + 1 WHERE name = ${gauge("NEW.state")};
END;
CREATE TRIGGER IF NOT EXISTS events_gauge_delete AFTER DELETE ON events BEGIN
  UPDATE gauges SET value = value - 1 WHERE name = ${gauge("OLD.state")};
END;
`;

/** Columns added since the first release, for journals created by it. */
const ADDED_COLUMNS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  submission_state: ["updated_at INTEGER NOT NULL DEFAULT 0"],
  events: ["traceparent TEXT"],
  effects: [
    "submission_id TEXT",
    "entry_id TEXT",
    "token TEXT",
    "since INTEGER NOT NULL DEFAULT 0",
    "claimed_until INTEGER NOT NULL DEFAULT 0",
    "updated_at INTEGER NOT NULL DEFAULT 0",
  ],
});

/**
 * Brings a journal of an earlier version up to date (inside the caller's transaction): adds
 * missing columns, turns its "started" posts into expired claims (their outcome is unknown),
 * and counts the gauges once if they have never been counted.
 */
export function upgradeSqliteSchema(db: DatabaseSync): void {
  for (const [table, columns] of Object.entries(ADDED_COLUMNS)) {
    const have = new Set(
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name),
    );
    for (const column of columns) {
      if (!have.has(column.split(" ")[0] as string)) {
        db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
      }
    }
  }
  db.exec(`
    CREATE INDEX IF NOT EXISTS effects_entry ON effects (entry_id) WHERE entry_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS effects_submission ON effects (submission_id) WHERE entry_id IS NULL;
    CREATE INDEX IF NOT EXISTS submission_state_updated ON submission_state (updated_at);
    UPDATE effects SET state = 'claimed', claimed_until = 0 WHERE state = 'started';
    -- Mention replies were once kept with the entry that posted them; they belong to the submission.
    UPDATE effects SET entry_id = NULL
      WHERE key LIKE 'slack-reply:mention:%' AND entry_id IS NOT NULL;`);
  // A journal from before the delivery ids: its entries' ids become its first dedupe keys.
  if (db.prepare("SELECT 1 FROM delivery_ids LIMIT 1").get() === undefined) {
    db.exec(
      "INSERT OR IGNORE INTO delivery_ids (id, received_at) SELECT id, received_at FROM events",
    );
  }
  const counted = db.prepare("SELECT count(*) AS n FROM gauges").get() as { n: number };
  if (Number(counted.n) < 2) {
    db.exec(`
      DELETE FROM gauges;
      INSERT INTO gauges (name, value)
        SELECT 'open', count(*) FROM events WHERE state IN ('pending', 'processing');
      INSERT INTO gauges (name, value) SELECT 'dead', count(*) FROM events WHERE state = 'dead';`);
  }
}

// Retention, oldest first. Each pair runs in one transaction, so both see the same rows.
const FINISHED =
  "SELECT seq FROM events WHERE state IN ('done', 'dead') AND updated_at < ?1 ORDER BY updated_at, seq LIMIT ?2";
const ABANDONED =
  "SELECT submission_id FROM submission_state s WHERE s.updated_at < ?1 AND NOT EXISTS (SELECT 1 FROM events e WHERE e.submission_id = s.submission_id) LIMIT ?2";

/** Every statement of the SQLite journal, as data; prepared once per open. */
const STATEMENTS = {
  // A delivery id seen before is a duplicate, also once retention deleted its entry.
  insert:
    "INSERT OR IGNORE INTO events (id, submission_id, payload, received_at, updated_at, traceparent) SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE NOT EXISTS (SELECT 1 FROM delivery_ids WHERE id = ?1)",
  // A submission's line: its entries still waiting or running, the earliest first. Both
  // lookups of the line go through `events_open`, which holds only open entries: the planner
  // otherwise picks `events_submission`, as cheap by its estimate, and reads every finished
  // entry of the submission before its first open one (issue 35: a large submission's line
  // read grew with what it had relayed).
  line: "SELECT * FROM events INDEXED BY events_open WHERE submission_id = ? AND state IN ('pending', 'processing') ORDER BY seq LIMIT ?",
  // The line past a run's cursor: its entries after `seq`.
  lineAfter:
    "SELECT * FROM events INDEXED BY events_open WHERE submission_id = ? AND seq > ? AND state IN ('pending', 'processing') ORDER BY seq LIMIT ?",
  setState:
    "UPDATE events SET state = ?, attempts = ?, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ?",
  later:
    "SELECT 1 FROM events INDEXED BY events_open WHERE submission_id = ? AND seq > ? AND state IN ('pending', 'processing') LIMIT 1",
  loadState: "SELECT state FROM submission_state WHERE submission_id = ?",
  saveState:
    "INSERT INTO submission_state (submission_id, state, updated_at) VALUES (?, ?, ?) ON CONFLICT (submission_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
  getEffect: "SELECT state, value, since, claimed_until FROM effects WHERE key = ?",
  newClaim:
    "INSERT INTO effects (key, state, submission_id, entry_id, token, since, claimed_until, updated_at) VALUES (?, 'claimed', ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
  takeOver:
    "UPDATE effects SET token = ?, claimed_until = ?, updated_at = ? WHERE key = ? AND state = 'claimed' AND claimed_until <= ?",
  // Only the claim's holder records it: a stale attempt's token no longer matches.
  complete:
    "UPDATE effects SET state = 'done', value = ?, token = NULL, claimed_until = 0, updated_at = ? WHERE key = ? AND token = ? AND state = 'claimed'",
  release: "DELETE FROM effects WHERE key = ? AND token = ? AND state = 'claimed'",
  // A write that changes nothing, to learn whether writes work again (after a full disk).
  probe: "UPDATE gauges SET value = value WHERE name = 'open'",
  requeue:
    "UPDATE events SET state = 'pending', attempts = 0, next_attempt_at = 0, updated_at = ? WHERE id = ? AND state IN ('done', 'dead')",
  entryState: "SELECT submission_id, state FROM events WHERE id = ?",
  gauges: "SELECT name, value FROM gauges",
  pruneEntryEffects: `DELETE FROM effects WHERE entry_id IN (SELECT id FROM events WHERE seq IN (${FINISHED}))`,
  pruneEntries: `DELETE FROM events WHERE seq IN (${FINISHED})`,
  pruneSubmissionEffects: `DELETE FROM effects WHERE entry_id IS NULL AND submission_id IN (${ABANDONED})`,
  pruneSubmissions: `DELETE FROM submission_state WHERE submission_id IN (${ABANDONED})`,
  pruneDeliveryIds:
    "DELETE FROM delivery_ids WHERE id IN (SELECT id FROM delivery_ids WHERE received_at < ?1 ORDER BY received_at LIMIT ?2)",
} as const;

export type SqliteStatements = { readonly [K in keyof typeof STATEMENTS]: StatementSync };

/** Prepares every statement of the journal on `db`. */
export function prepareStatements(db: DatabaseSync): SqliteStatements {
  return Object.fromEntries(
    Object.entries(STATEMENTS).map(([name, sql]) => [name, db.prepare(sql)]),
  ) as unknown as SqliteStatements;
}
