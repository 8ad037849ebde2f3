/** Backoff while the store itself fails (full disk, database down), as data. */
export const JOURNAL_BACKOFF = Object.freeze({ baseMs: 100, maxMs: 5000 });

/** The pause after `failures` journal failures in a row (1 for the first): doubling, capped. */
export function journalBackoffMs(failures: number): number {
  return Math.min(
    JOURNAL_BACKOFF.maxMs,
    JOURNAL_BACKOFF.baseMs * 2 ** Math.min(16, Math.max(0, failures - 1)),
  );
}
