import type { EffectContext } from "../../../relay/effects/perform-once.ts";
import { openSqliteJournal } from "../../../relay/journal/index.ts";

let n = 0;

/**
 * The context of one attempt on entry `entryId`, with a deadline `ms` from now. Its claims
 * hold `claimMarginMs` past the deadline (short, so that a retry after an unknown outcome
 * waits out the claim quickly).
 */
export function attemptContext(
  entryId = `entry-${++n}`,
  ms = 5000,
  claimMarginMs = 100,
): EffectContext {
  return {
    signal: AbortSignal.timeout(ms),
    deadline: Date.now() + ms,
    entryId,
    receivedAt: Date.now(),
    claimMarginMs,
  };
}

/** A real journal (SQLite in memory) for its effects table. */
export function memoryJournal() {
  return openSqliteJournal({
    path: ":memory:",
    retry: { maxAttempts: 3, baseMs: 10, maxMs: 50 },
  });
}
