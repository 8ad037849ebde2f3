import type pg from "pg";
import { claimEffect } from "./claim-effect.ts";
import { EffectClaimLostError } from "./effect-claim-lost-error.ts";
import type { EffectJournal } from "./journal.ts";

/**
 * The effects table on Postgres: the shared claim steps, each one statement deciding on the
 * database's clock (replicas' clocks may differ).
 */
export function createPostgresEffects(pool: pg.Pool, s: string): EffectJournal {
  return {
    async claimEffect(key, scope, leaseMs) {
      return claimEffect(
        {
          insert: async (token, lease) => {
            const inserted = await pool.query(
              `INSERT INTO ${s}.effects (key, state, submission_id, entry_id, token, since, claimed_until, updated_at)
               VALUES ($1, 'claimed', $2, $3, $4, $5, now() + $6 * interval '1 millisecond', now())
               ON CONFLICT (key) DO NOTHING`,
              [key, scope.submissionId, scope.entryId, token, scope.since, lease],
            );
            return inserted.rowCount === 1;
          },
          takeOver: async (token, lease) => {
            const taken = await pool.query<{ since: string }>(
              `UPDATE ${s}.effects SET token = $2, claimed_until = now() + $3 * interval '1 millisecond',
                 updated_at = now()
               WHERE key = $1 AND state = 'claimed' AND claimed_until <= now() RETURNING since`,
              [key, token, lease],
            );
            const since = taken.rows[0]?.since;
            return since === undefined ? undefined : Number(since);
          },
          read: async () => {
            const { rows } = await pool.query<{
              state: "claimed" | "done";
              value: string | null;
              until: string;
            }>(
              `SELECT state, value,
                 (extract(epoch FROM greatest(claimed_until, now())) * 1000)::bigint AS until
               FROM ${s}.effects WHERE key = $1`,
              [key],
            );
            const row = rows[0];
            return row === undefined ? undefined : { ...row, until: Number(row.until) };
          },
        },
        leaseMs,
      );
    },
    async completeEffect(key, token, value) {
      // Only the claim's holder records it: a stale attempt's token no longer matches.
      const done = await pool.query(
        `UPDATE ${s}.effects SET state = 'done', value = $3, token = NULL,
           claimed_until = '-infinity', updated_at = now()
         WHERE key = $1 AND token = $2 AND state = 'claimed'`,
        [key, token, value],
      );
      if (done.rowCount !== 1) throw new EffectClaimLostError(key);
    },
    async abandonEffect(key, token, outcome) {
      // An unknown outcome keeps the claim to the end of its lease (see the interface).
      if (outcome !== "not-performed") return;
      await pool.query(
        `DELETE FROM ${s}.effects WHERE key = $1 AND token = $2 AND state = 'claimed'`,
        [key, token],
      );
    },
  };
}
