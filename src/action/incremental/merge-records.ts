import { type ReviewRecord, type ReviewRecordEntry, usableEntries } from "../../pipeline/index.ts";
import type { VerifiedRecord } from "./find-review-record.ts";

/** When an entry's review was done; an entry of an earlier version, without the time, is oldest. */
function reviewedAt(entry: ReviewRecordEntry): number {
  const at = entry.reviewedAt === undefined ? Number.NaN : Date.parse(entry.reviewedAt);
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
}

/**
 * One record from every verified record found (this commit, the head before a push, the pull
 * requests of a merge): the union of the entries of those that ran with this run's sidekicks,
 * each file version (path and content id) once, its newest review winning by the time the
 * reviewing run signed into the record, never by a check run's date (anyone who can write
 * check runs sets that). A record adds entries; it never removes another's. The newest first,
 * so that a path's first entry is its newest review. When no record ran with these sidekicks,
 * the first record, so that the pipeline says why nothing is reused.
 */
export function mergeRecords(
  found: readonly VerifiedRecord[],
  sidekickIds: readonly string[],
): ReviewRecord | null {
  const matching = found
    .map((f) => f.record)
    .filter((r) => usableEntries(r, { identity: "git-blob", sidekickIds }).notice === null);
  if (matching.length === 0) return found[0]?.record ?? null;
  const newest = new Map<string, ReviewRecordEntry>();
  for (const entry of matching.flatMap((r) => r.entries)) {
    const key = `${entry.path}\u0000${entry.contentId}`;
    const kept = newest.get(key);
    if (kept === undefined || reviewedAt(entry) > reviewedAt(kept)) newest.set(key, entry);
  }
  const entries = [...newest.values()].sort((a, b) => reviewedAt(b) - reviewedAt(a));
  return { ...matching[0]!, entries };
}
