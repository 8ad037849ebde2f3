import { createHash } from "node:crypto";
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

/**
 * A git-blob record of `count` files whose content and asset ids are as random as real ones (so
 * they compress as badly), in folders of 100, reviewed at one time.
 */
export function largeRecord(count: number): ReviewRecord {
  const hex = (text: string) => createHash("sha1").update(text).digest("hex");
  return recordOf(
    Array.from({ length: count }, (_, i) => {
      const a = hex(`asset ${i}`);
      return entryOf(`media/batch-${Math.floor(i / 100)}/spot-${i}.mp4`, "0", i, {
        contentId: hex(`content ${i}`),
        assetId: `${a.slice(0, 8)}-${a.slice(8, 12)}-4${a.slice(13, 16)}-8${a.slice(17, 20)}-${a.slice(20, 32)}`,
        submissionId: uuid(90_000 + (i % 3)),
        reviewedAt: "2026-11-27T10:00:00.000Z",
      });
    }),
  );
}

/**
 * Paths the Action's record tests name: records keep hashes of paths, so a reader gives the
 * paths it looks for (the short names of the tests, and those of {@link largeRecord}).
 */
export const TEST_PATHS: readonly string[] = [
  ..."a b ad any before first genuine head in-progress newest older other-app other-name own posted small"
    .split(" ")
    .map((name) => (name === "ad" ? "ad.txt" : `${name}.png`)),
  "media/a.png",
  "media/b.png",
  ...largeRecord(3_001).entries.map((e) => e.path),
  ...Array.from({ length: 1_200 }, (_, i) => `media/spot-${i}.mp4`),
];
