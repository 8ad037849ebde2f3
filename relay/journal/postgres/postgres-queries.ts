/**
 * Every statement of the Postgres journal, as data, for the relay schema `s` (a quoted
 * identifier); the tables are in postgres-schema.ts. Mirrors the SQLite journal's statements
 * (sqlite-schema.ts). Each guard in a WHERE clause decides on the database's clock, since
 * replicas' clocks may differ.
 */
export function postgresQueries(s: string) {
  return {
    // The delivery id outlives the entry (DEDUPE_DAYS): a redelivery after retention deleted
    // the entry is still a duplicate. The event is JSON text, not JSONB (which refuses U+0000
    // and lone surrogates): kept exactly.
    ingest: `WITH fresh AS (
        INSERT INTO ${s}.delivery_ids (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id
      )
      INSERT INTO ${s}.events (id, submission_id, body, traceparent)
      SELECT id, $2, $3, $4 FROM fresh
      ON CONFLICT (id) DO NOTHING RETURNING seq`,
    list: `SELECT * FROM ${s}.events ORDER BY seq DESC LIMIT $1`,
    entry: `SELECT * FROM ${s}.events WHERE id = $1`,
    lockEntryState: `SELECT submission_id, state FROM ${s}.events WHERE id = $1 FOR UPDATE`,
    requeue: `UPDATE ${s}.events SET state = 'pending', attempts = 0, updated_at = now() WHERE id = $1`,
    // Kept by a trigger in every transaction that changes an entry's state: 32 rows at most.
    gauges: `SELECT name, sum(value) AS value FROM ${s}.gauges GROUP BY name`,
    later: `SELECT 1 FROM ${s}.events WHERE submission_id = $1 AND seq > $2
      AND state IN ('pending', 'processing') LIMIT 1`,
    loadState: `SELECT state FROM ${s}.submission_state WHERE submission_id = $1`,
    saveState: `INSERT INTO ${s}.submission_state (submission_id, state, updated_at) VALUES ($1, $2, now())
      ON CONFLICT (submission_id) DO UPDATE SET state = excluded.state, updated_at = now()`,
    // The worker's writes of one attempt: running, done, and pending or dead.
    markProcessing: `UPDATE ${s}.events SET state = 'processing', attempts = $2, updated_at = now() WHERE id = $1`,
    markDone: `UPDATE ${s}.events SET state = 'done', attempts = $2, last_error = NULL, updated_at = now() WHERE id = $1`,
    settle: `UPDATE ${s}.events SET state = $2, attempts = $3, last_error = $4, updated_at = now() WHERE id = $1`,
    newClaim: `INSERT INTO ${s}.effects (key, state, submission_id, entry_id, token, since, claimed_until, updated_at)
      VALUES ($1, 'claimed', $2, $3, $4, $5, now() + $6 * interval '1 millisecond', now())
      ON CONFLICT (key) DO NOTHING`,
    takeOver: `UPDATE ${s}.effects SET token = $2, claimed_until = now() + $3 * interval '1 millisecond',
        updated_at = now()
      WHERE key = $1 AND state = 'claimed' AND claimed_until <= now() RETURNING since`,
    getEffect: `SELECT state, value, claimed_until <= now() AS expired,
        (extract(epoch FROM greatest(claimed_until, now())) * 1000)::bigint AS until
      FROM ${s}.effects WHERE key = $1`,
    // Only the claim's holder records it or gives it up: a stale attempt's token no longer matches.
    complete: `UPDATE ${s}.effects SET state = 'done', value = $3, token = NULL,
        claimed_until = '-infinity', updated_at = now()
      WHERE key = $1 AND token = $2 AND state = 'claimed'`,
    release: `DELETE FROM ${s}.effects WHERE key = $1 AND token = $2 AND state = 'claimed'`,
    // Retention. SKIP LOCKED: replicas pruning at once take different rows, and a redelivery
    // in flight wins.
    pruneEntries: `WITH doomed AS (
        SELECT seq, id FROM ${s}.events
        WHERE state IN ('done', 'dead') AND updated_at < $1
        ORDER BY updated_at, seq LIMIT $2 FOR UPDATE SKIP LOCKED
      ), gone AS (
        DELETE FROM ${s}.effects WHERE entry_id IN (SELECT id FROM doomed)
      )
      DELETE FROM ${s}.events WHERE seq IN (SELECT seq FROM doomed)`,
    pruneSubmissions: `WITH orphans AS (
        SELECT submission_id FROM ${s}.submission_state st
        WHERE updated_at < $1
          AND NOT EXISTS (SELECT 1 FROM ${s}.events e WHERE e.submission_id = st.submission_id)
        LIMIT $2 FOR UPDATE SKIP LOCKED
      ), gone AS (
        DELETE FROM ${s}.effects
        WHERE entry_id IS NULL AND submission_id IN (SELECT submission_id FROM orphans)
      )
      DELETE FROM ${s}.submission_state WHERE submission_id IN (SELECT submission_id FROM orphans)`,
    pruneDeliveryIds: `DELETE FROM ${s}.delivery_ids WHERE id IN (
        SELECT id FROM ${s}.delivery_ids WHERE received_at < $1
        ORDER BY received_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
  } as const;
}

/** The Postgres journal's statements for one schema. */
export type PostgresQueries = ReturnType<typeof postgresQueries>;
