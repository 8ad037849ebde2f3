import type pg from "pg";
import { type ClaimSteps, claimEffect } from "../claim-effect.ts";
import { EffectClaimLostError } from "../effect-claim-lost-error.ts";
import type { EffectJournal, EffectScope } from "../journal.ts";
import { storableKey } from "../storable-key.ts";
import { type PostgresQueries, postgresQueries } from "./postgres-queries.ts";

/** The claim steps on one key, each one statement deciding on the database's clock. */
export function postgresClaimSteps(
  pool: pg.Pool,
  q: PostgresQueries,
  key: string,
  scope: EffectScope,
): ClaimSteps {
  return {
    insert: async (token, lease) => {
      const params = [key, scope.submissionId, scope.entryId, token, scope.since, lease];
      return (await pool.query(q.newClaim, params)).rowCount === 1;
    },
    takeOver: async (token, lease) => {
      const taken = await pool.query<{ since: string }>(q.takeOver, [key, token, lease]);
      const since = taken.rows[0]?.since;
      return since === undefined ? undefined : Number(since);
    },
    read: async () => {
      const { rows } = await pool.query<{
        state: "claimed" | "done";
        value: string | null;
        until: string;
        expired: boolean;
      }>(q.getEffect, [key]);
      const row = rows[0];
      return row === undefined ? undefined : { ...row, until: Number(row.until) };
    },
  };
}

/**
 * The effects table on Postgres: the shared claim steps, each one statement deciding on the
 * database's clock (replicas' clocks may differ).
 */
export function createPostgresEffects(pool: pg.Pool, s: string): EffectJournal {
  const q = postgresQueries(s);
  return {
    async claimEffect(effect, scope, leaseMs) {
      const stored = { ...scope, submissionId: storableKey(scope.submissionId) };
      return claimEffect(postgresClaimSteps(pool, q, storableKey(effect), stored), leaseMs);
    },
    async completeEffect(effect, token, value) {
      const done = await pool.query(q.complete, [storableKey(effect), token, value]);
      if (done.rowCount !== 1) throw new EffectClaimLostError(effect);
    },
    async abandonEffect(effect, token, outcome) {
      // An unknown outcome keeps the claim to the end of its lease (see the interface).
      if (outcome === "not-performed") await pool.query(q.release, [storableKey(effect), token]);
    },
  };
}
