import { createHash } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { z } from "zod";
import {
  CONTENT_ID_PATTERNS,
  type ContentIdentity,
  parseReviewRecord,
  REVIEW_RECORD_VERSION,
  type ReviewRecord,
  type ReviewRecordEntry,
} from "../../pipeline/index.ts";

/**
 * Bytes of a path's SHA-256 an entry keeps: a record's size no longer depends on how long its
 * paths are. 64 bits tell 10,000 paths apart with a chance of a clash below 1 in 10^11; a clash
 * made on purpose buys nothing, since a review is reused only for the same content id and the
 * service's file name (see `reuseReviews`).
 */
export const PATH_HASH_BYTES = 8;

const ASSET_ID_BYTES = 16;

/** An inflated payload larger than this is refused (a record can never legitimately be). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** The reviewing runs of the entries, each once: they repeat across thousands of entries. */
const runSchema = z.tuple([z.guid(), z.string().min(1).max(64), z.iso.datetime().nullable()]);

const headerSchema = z.strictObject({
  identity: z.enum(Object.keys(CONTENT_ID_PATTERNS) as [ContentIdentity, ...ContentIdentity[]]),
  sidekickIds: z.array(z.string().min(1).max(200)).min(1).max(100),
  runs: z.array(runSchema).max(100_000),
  /** Per entry: the index of its run, and its credits. */
  run: z.array(z.int().min(0)).max(1_000_000),
  credits: z.array(z.number().finite().min(0)).max(1_000_000),
});

/** The first {@link PATH_HASH_BYTES} of a path's SHA-256, in hex: how an entry names its file. */
export function pathHash(path: string): string {
  return createHash("sha256")
    .update(path)
    .digest("hex")
    .slice(0, PATH_HASH_BYTES * 2);
}

function contentIdBytes(identity: ContentIdentity): number {
  return identity === "git-blob" ? 20 : 32;
}

/**
 * A record as its block's payload (base64 of deflated bytes): a JSON header (identity,
 * sidekicks, the reviewing runs, per entry its run and credits), a newline, then per entry its
 * path hash, content id and asset id as bytes, column by column. Paths themselves are not kept:
 * a reader gives the paths it looks for (see {@link decodeRecordPayload}).
 */
export function encodeRecordPayload(record: ReviewRecord): string {
  const runs = new Map<string, number>();
  const run = record.entries.map((e) => {
    const key = JSON.stringify([e.submissionId, e.reviewedIn, e.reviewedAt ?? null]);
    if (!runs.has(key)) runs.set(key, runs.size);
    return runs.get(key)!;
  });
  const header = {
    identity: record.identity,
    sidekickIds: record.sidekickIds,
    runs: [...runs.keys()].map((k) => JSON.parse(k)),
    run,
    credits: record.entries.map((e) => e.credits),
  };
  const hex = (pick: (e: ReviewRecordEntry) => string) =>
    Buffer.from(record.entries.map(pick).join(""), "hex");
  const bytes = Buffer.concat([
    Buffer.from(`${JSON.stringify(header)}\n`),
    hex((e) => pathHash(e.path)),
    hex((e) => e.contentId),
    hex((e) => e.assetId.replaceAll("-", "")),
  ]);
  return deflateRawSync(bytes, { level: 9 }).toString("base64");
}

function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The record a payload holds, with an entry for each of `paths` whose hash it names (the others
 * are of files this run does not look at, and are left out). Throws on a payload that does not
 * decode or is not a record (`source` names it in the message).
 */
export function decodeRecordPayload(
  payload: string,
  paths: readonly string[],
  source: string,
): ReviewRecord {
  const bytes = inflateRawSync(Buffer.from(payload, "base64"), {
    maxOutputLength: MAX_INFLATED_BYTES,
  });
  const end = bytes.indexOf(0x0a);
  const parsed = headerSchema.safeParse(
    end < 0 ? undefined : JSON.parse(bytes.subarray(0, end).toString("utf8")),
  );
  if (!parsed.success)
    throw new Error(`its header is not valid (${parsed.error.issues[0]?.message})`);
  const header = parsed.data;
  const count = header.run.length;
  const idBytes = contentIdBytes(header.identity);
  const body = bytes.subarray(end + 1);
  if (
    header.credits.length !== count ||
    body.length !== count * (PATH_HASH_BYTES + idBytes + ASSET_ID_BYTES) ||
    header.run.some((i) => i >= header.runs.length)
  )
    throw new Error("its entries do not add up");
  const byHash = new Map<string, string[]>();
  for (const path of new Set(paths))
    byHash.set(pathHash(path), [...(byHash.get(pathHash(path)) ?? []), path]);
  const column = (offset: number, size: number, i: number) =>
    body.subarray(offset + i * size, offset + (i + 1) * size).toString("hex");
  const entries: ReviewRecordEntry[] = [];
  for (let i = 0; i < count; i++) {
    const matching = byHash.get(column(0, PATH_HASH_BYTES, i));
    if (matching === undefined) continue;
    const [submissionId, reviewedIn, reviewedAt] = header.runs[header.run[i]!]!;
    const contentId = column(count * PATH_HASH_BYTES, idBytes, i);
    const assetId = uuidOf(column(count * (PATH_HASH_BYTES + idBytes), ASSET_ID_BYTES, i));
    for (const path of matching)
      entries.push({
        path,
        contentId,
        submissionId,
        assetId,
        reviewedIn,
        credits: header.credits[i]!,
        ...(reviewedAt === null ? {} : { reviewedAt }),
      });
  }
  return parseReviewRecord(
    {
      version: REVIEW_RECORD_VERSION,
      identity: header.identity,
      sidekickIds: header.sidekickIds,
      entries,
    },
    source,
  );
}
