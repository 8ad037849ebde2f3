import { type ClaimSteps, claimEffect } from "../claim-effect.ts";
import { EffectClaimLostError } from "../effect-claim-lost-error.ts";
import type { EffectJournal, EffectScope } from "../journal.ts";
import { storableKey } from "../storable-key.ts";
import type { GroupCommit } from "./sqlite-group-commit.ts";
import type { SqliteStatements } from "./sqlite-schema.ts";

interface EffectRow {
  state: "claimed" | "done";
  value: string | null;
  since: number;
  claimed_until: number;
}

/** The claim steps on one key, each deciding in SQLite (see {@link ClaimSteps}). */
export function sqliteClaimSteps(
  q: SqliteStatements,
  writer: GroupCommit,
  key: string,
  scope: EffectScope,
): ClaimSteps {
  const row = () => q.getEffect.get(key) as EffectRow | undefined;
  return {
    insert: async (token, lease) => {
      const now = Date.now();
      const params = [key, scope.submissionId, scope.entryId, token, scope.since];
      return (await writer.write(q.newClaim, [...params, now + lease, now], true)) === 1;
    },
    takeOver: async (token, lease) => {
      const now = Date.now();
      const params = [token, now + lease, now, key, now];
      if ((await writer.write(q.takeOver, params, true)) !== 1) return undefined;
      return Number(row()?.since ?? 0);
    },
    read: async () => {
      const current = row();
      if (current === undefined) return undefined;
      const until = Number(current.claimed_until);
      return { state: current.state, value: current.value, until, expired: until <= Date.now() };
    },
  };
}

/**
 * The effects table on SQLite: the shared claim steps. Reads run on this thread at once; every
 * write goes through the group commit, and a claim is durable (fsynced) before it is used.
 */
export function createSqliteEffects(q: SqliteStatements, writer: GroupCommit): EffectJournal {
  return {
    async claimEffect(effect, scope, leaseMs) {
      const stored = { ...scope, submissionId: storableKey(scope.submissionId) };
      return claimEffect(sqliteClaimSteps(q, writer, storableKey(effect), stored), leaseMs);
    },
    async completeEffect(effect, token, value) {
      // At commit: lost to a power cut, the claim looks unknown and the next attempt finds the
      // effect at its destination instead of repeating it.
      const key = storableKey(effect);
      if ((await writer.write(q.complete, [value, Date.now(), key, token], false)) === 0) {
        throw new EffectClaimLostError(effect);
      }
    },
    async abandonEffect(effect, token, outcome) {
      // An unknown outcome keeps the claim to the end of its lease (see the interface).
      if (outcome === "not-performed") {
        await writer.write(q.release, [storableKey(effect), token], false);
      }
    },
  };
}
