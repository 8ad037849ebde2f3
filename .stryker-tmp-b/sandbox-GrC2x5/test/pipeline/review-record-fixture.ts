// @ts-nocheck
import type { ReviewRecord, ReviewRecordEntry } from "../../src/pipeline/index.ts";

/** A UUID numbered `n`, to tell ids apart in assertions. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

/** A record entry for `path`, its content id repeating `digit` (40 hex for git-blob). */
export function entryOf(
  path: string,
  digit: string,
  n: number,
  extra: Partial<ReviewRecordEntry> = {},
): ReviewRecordEntry {
  return {
    path,
    contentId: digit.repeat(40),
    submissionId: uuid(1000 + n),
    assetId: uuid(n),
    reviewedIn: "c".repeat(40),
    credits: 1,
    ...extra,
  };
}

/** A git-blob record of the sidekick `brand` holding `entries`. */
export function recordOf(
  entries: ReviewRecordEntry[],
  extra: Partial<ReviewRecord> = {},
): ReviewRecord {
  return { version: 1, identity: "git-blob", sidekickIds: ["brand"], entries, ...extra };
}
