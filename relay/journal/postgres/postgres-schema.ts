import type pg from "pg";

/** Shards of each gauge: concurrent transactions add to different rows instead of queueing on one. */
const GAUGE_SHARDS = 16;

const gauge = (row: string) =>
  `CASE WHEN ${row}.state IN ('pending', 'processing') THEN 'open' WHEN ${row}.state = 'dead' THEN 'dead' END`;

/** The relay's tables and indexes in schema `s`, created or brought up to date. */
const tablesSql = (s: string) => `
    CREATE TABLE IF NOT EXISTS ${s}.delivery_ids (
      id TEXT PRIMARY KEY,
      received_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS delivery_ids_received ON ${s}.delivery_ids (received_at);
    CREATE TABLE IF NOT EXISTS ${s}.events (
      seq BIGSERIAL PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      submission_id TEXT NOT NULL,
      payload JSONB,
      body TEXT,
      state TEXT NOT NULL DEFAULT 'pending',
      attempts INTEGER NOT NULL DEFAULT 0,
      last_error TEXT,
      received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    -- The event as JSON text (JSONB cannot hold U+0000 or a lone surrogate); earlier rows keep
    -- theirs in payload, which no row needs any more: no rewrite of the table.
    ALTER TABLE ${s}.events ADD COLUMN IF NOT EXISTS body TEXT;
    -- The W3C trace context of the span that received the entry (tracing on).
    ALTER TABLE ${s}.events ADD COLUMN IF NOT EXISTS traceparent TEXT;
    ALTER TABLE ${s}.events ALTER COLUMN payload DROP NOT NULL;
    CREATE INDEX IF NOT EXISTS events_submission ON ${s}.events (submission_id, seq);
    DROP INDEX IF EXISTS ${s}.events_state;
    CREATE INDEX IF NOT EXISTS events_finished ON ${s}.events (updated_at, seq)
      WHERE state IN ('done', 'dead');
    CREATE TABLE IF NOT EXISTS ${s}.submission_state (
      submission_id TEXT PRIMARY KEY,
      state TEXT NOT NULL
    );
    ALTER TABLE ${s}.submission_state
      ADD COLUMN IF NOT EXISTS updated_at TIMESTAMPTZ NOT NULL DEFAULT now();
    CREATE INDEX IF NOT EXISTS submission_state_updated ON ${s}.submission_state (updated_at);
    CREATE TABLE IF NOT EXISTS ${s}.effects (key TEXT PRIMARY KEY, state TEXT NOT NULL, value TEXT);
    ALTER TABLE ${s}.effects
      ADD COLUMN IF NOT EXISTS submission_id TEXT,
      ADD COLUMN IF NOT EXISTS entry_id TEXT,
      ADD COLUMN IF NOT EXISTS token TEXT,
      ADD COLUMN IF NOT EXISTS since BIGINT NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS claimed_until TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
      ADD COLUMN IF NOT EXISTS updated_at TIMESTAMPTZ NOT NULL DEFAULT now();
    CREATE INDEX IF NOT EXISTS effects_entry ON ${s}.effects (entry_id) WHERE entry_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS effects_submission ON ${s}.effects (submission_id)
      WHERE entry_id IS NULL;
    UPDATE ${s}.effects SET state = 'claimed', claimed_until = '-infinity' WHERE state = 'started';
    -- Mention replies were once kept with the entry that posted them; they belong to the submission.
    UPDATE ${s}.effects SET entry_id = NULL
      WHERE key LIKE 'slack-reply:mention:%' AND entry_id IS NOT NULL;
    CREATE TABLE IF NOT EXISTS ${s}.gauges (
      name TEXT NOT NULL,
      shard INTEGER NOT NULL,
      value BIGINT NOT NULL,
      PRIMARY KEY (name, shard)
    );`;

/**
 * The trigger that keeps the gauges in every transaction that changes an entry's state, and
 * the gauges counted once (writers held off meanwhile).
 */
const countingTriggerSql = (s: string) => `
    LOCK TABLE ${s}.events IN SHARE ROW EXCLUSIVE MODE;
    CREATE OR REPLACE FUNCTION ${s}.count_event_states() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      slot integer := pg_backend_pid() % ${GAUGE_SHARDS};
      was text;
      now_in text;
    BEGIN
      IF TG_OP <> 'INSERT' THEN was := ${gauge("OLD")}; END IF;
      IF TG_OP <> 'DELETE' THEN now_in := ${gauge("NEW")}; END IF;
      IF was IS NOT DISTINCT FROM now_in THEN RETURN NULL; END IF;
      IF was IS NOT NULL THEN
        INSERT INTO ${s}.gauges AS g (name, shard, value) VALUES (was, slot, -1)
          ON CONFLICT (name, shard) DO UPDATE SET value = g.value - 1;
      END IF;
      IF now_in IS NOT NULL THEN
        INSERT INTO ${s}.gauges AS g (name, shard, value) VALUES (now_in, slot, 1)
          ON CONFLICT (name, shard) DO UPDATE SET value = g.value + 1;
      END IF;
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER count_event_states AFTER INSERT OR DELETE OR UPDATE OF state ON ${s}.events
      FOR EACH ROW EXECUTE FUNCTION ${s}.count_event_states();
    DELETE FROM ${s}.gauges;
    INSERT INTO ${s}.gauges (name, shard, value)
      SELECT 'open', 0, count(*) FROM ${s}.events WHERE state IN ('pending', 'processing')
      UNION ALL SELECT 'dead', 0, count(*) FROM ${s}.events WHERE state = 'dead';`;

/**
 * Creates or upgrades the relay's tables in `schema` (quoted identifier), inside the caller's
 * transaction, which holds the advisory lock that serialises replicas starting together.
 */
export async function preparePostgresSchema(db: pg.PoolClient, s: string): Promise<void> {
  await db.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
  const { rows: before } = await db.query<{ present: boolean }>(
    "SELECT to_regclass($1) IS NOT NULL AS present",
    [`${s}.delivery_ids`],
  );
  // Tables in the order an ingest locks them (delivery ids, then events): a replica starting
  // while another one ingests waits for it instead of deadlocking with it.
  await db.query(tablesSql(s));
  if (before[0]?.present !== true) {
    // A journal from before the delivery ids: its entries' ids become its first dedupe keys.
    await db.query(`INSERT INTO ${s}.delivery_ids (id, received_at)
      SELECT id, received_at FROM ${s}.events ON CONFLICT (id) DO NOTHING`);
  }
  const { rows } = await db.query(
    "SELECT 1 FROM pg_trigger WHERE tgname = 'count_event_states' AND tgrelid = $1::regclass",
    [`${s}.events`],
  );
  if (rows.length > 0) return;
  // First start with gauges: count once, with writers held off, then let the trigger keep
  // them in every transaction that changes an entry's state.
  await db.query(countingTriggerSql(s));
}
