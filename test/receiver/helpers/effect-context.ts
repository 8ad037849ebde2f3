import { openSqliteJournal } from "../../../receiver/journal/index.ts";
import type { EffectContext } from "../../../receiver/relay/perform-once.ts";

let n = 0;

/** The context of one attempt on entry `entryId`, with a deadline `ms` from now. */
export function attemptContext(entryId = `entry-${++n}`, ms = 5000): EffectContext {
  return {
    signal: AbortSignal.timeout(ms),
    deadline: Date.now() + ms,
    entryId,
    receivedAt: Date.now(),
  };
}

/** A real journal (SQLite in memory) for its effects table. */
export function memoryJournal() {
  return openSqliteJournal({
    path: ":memory:",
    retry: { maxAttempts: 3, baseMs: 10, maxMs: 50 },
  });
}
