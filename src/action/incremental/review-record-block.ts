import { createHash, type KeyObject } from "node:crypto";
import { isReviewRecordError, type ReviewRecord } from "../../pipeline/index.ts";
import { plural } from "../../policy/index.ts";
import {
  type BlockSigning,
  blockMac,
  htmlBlock,
  MAC_PATTERN,
  macMatches,
} from "../signing/signed-block.ts";
import { decodeRecordPayload, encodeRecordPayload } from "./record-payload.ts";

const RECORD_BLOCK_NAME = "content-review:record";

/** The start of the hidden block; a check run's text holding it carries (part of) a record. */
export const RECORD_BLOCK_PREFIX = `<!-- ${RECORD_BLOCK_NAME} `;

/**
 * Version of the block: 4 carries an HMAC-SHA256 bound to the repository, the environment and
 * the commit, may be split in parts, and names files by a hash of their path (see
 * `encodeRecordPayload`). Blocks of earlier versions (1 unsigned, 2 bound to nothing, 3 keyed by
 * whole paths) are never used: the next run reviews their files again, once.
 */
export const RECORD_BLOCK_VERSION = 4;

/** The purpose label in a record's MAC. */
export const RECORD_PURPOSE = "review-record";

/**
 * Parts a record may take at most: the check run's text and companion check runs, each up to
 * 65,535 characters. Ten hold about 11,000 file versions, whatever their paths (measured with
 * {@link writeRecordBlocks} in its tests); past that, the newest are kept.
 */
export const MAX_RECORD_PARTS = 10;

const BLOCK = new RegExp(
  `<!-- content-review:record v(\\d+) id=([0-9a-f]{32}) part=([1-9][0-9]?)/([1-9][0-9]?) ([A-Za-z0-9+/=]+) mac=(${MAC_PATTERN}) -->`,
);
const ANY_VERSION = /<!-- content-review:record v(\d+) /;

/** Room a block takes besides its chunk of the payload, with the widest fields. */
const BLOCK_OVERHEAD = htmlBlock(
  RECORD_BLOCK_NAME,
  `${partFields("0".repeat(32), MAX_RECORD_PARTS, MAX_RECORD_PARTS)} `,
  "mac",
  "0".repeat(64),
).length;

/** What a check run's text says about a record. */
export type RecordBlock =
  | { readonly kind: "none" }
  | { readonly kind: "record"; readonly record: ReviewRecord }
  | { readonly kind: "unusable"; readonly reason: string };

/** One verified part of a record: part `index` of `count` of the record `id`. */
export interface RecordPart {
  /** The first 128 bits of the SHA-256 of the whole payload, in hex: binds the parts together. */
  readonly id: string;
  readonly index: number;
  readonly count: number;
  readonly chunk: string;
}

/** What a check run's text holds: nothing, a verified part, or why it cannot be used. */
export type ReadPart =
  | { readonly kind: "none" }
  | { readonly kind: "part"; readonly part: RecordPart }
  | { readonly kind: "unusable"; readonly reason: string };

/** The signing of records read back from, or written to, check runs on `commit`. */
export function recordSigning(key: KeyObject, commit: string): BlockSigning {
  return { key, purpose: RECORD_PURPOSE, place: commit.toLowerCase() };
}

function payloadId(payload: string): string {
  return createHash("sha256").update(payload).digest("hex").slice(0, 32);
}

function partFields(id: string, index: number, count: number): string {
  return `v${RECORD_BLOCK_VERSION} id=${id} part=${index}/${count}`;
}

/** The record's payload in blocks of `room` characters of payload each. */
function partsOf(record: ReviewRecord, room: number): { payload: string; count: number } {
  const payload = encodeRecordPayload(record);
  return { payload, count: Math.max(1, Math.ceil(payload.length / room)) };
}

/** When an entry's review was done; one of an earlier version, without the time, is oldest. */
function reviewedAt(entry: ReviewRecord["entries"][number]): number {
  const at = entry.reviewedAt === undefined ? Number.NaN : Date.parse(entry.reviewedAt);
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
}

/**
 * The record as it fits in `most` parts of `room`: whole when it can, else its newest entries,
 * within 1 % of as many as fit. The payload is deflated, so its size is measured, not computed;
 * it grows about linearly with the entries (their ids do not compress), so a few measures do.
 * A record is never dropped whole.
 */
function fitRecord(
  record: ReviewRecord,
  room: number,
  most: number,
): { record: ReviewRecord; dropped: number } {
  const capacity = most * room;
  const size = (r: ReviewRecord) => encodeRecordPayload(r).length;
  let length = size(record);
  if (length <= capacity) return { record, dropped: 0 };
  const newest = [...record.entries].sort((a, b) => reviewedAt(b) - reviewedAt(a));
  const first = (n: number) => ({ ...record, entries: newest.slice(0, n) });
  let kept = newest.length;
  while (length > capacity && kept > 0) {
    kept = Math.min(kept - 1, Math.floor(((kept * capacity) / length) * 0.99));
    length = size(first(kept));
  }
  return { record: first(kept), dropped: newest.length - kept };
}

/**
 * The record as hidden blocks, each at most `maxLength` characters: the record's payload (see
 * `encodeRecordPayload`: its size does not depend on the paths' length), cut into parts. Each
 * part carries the record's id (a digest of the whole payload), its place among the parts, and
 * its HMAC-SHA256 under `signing` (see `blockMac`): a part verifies only with its own record, at
 * its own place, on the commit and in the repository and environment that made it. The first
 * block goes in the check run's `output.text`, the others in companion check runs (see
 * `recordPartName`). When more than `maxParts` parts would be needed, the newest entries that fit
 * are kept and `dropped` counts the others.
 */
export function writeRecordBlocks(
  record: ReviewRecord,
  maxLength: number,
  signing: BlockSigning,
  /** @default MAX_RECORD_PARTS */
  maxParts = MAX_RECORD_PARTS,
): { blocks: string[]; kept: number; dropped: number } {
  const room = maxLength - BLOCK_OVERHEAD;
  const fitted = fitRecord(record, room, Math.min(maxParts, MAX_RECORD_PARTS));
  const { payload, count } = partsOf(fitted.record, room);
  const id = payloadId(payload);
  const blocks = Array.from({ length: count }, (_, i) => {
    const fields = partFields(id, i + 1, count);
    const chunk = payload.slice(i * room, (i + 1) * room);
    const mac = blockMac(signing, fields, chunk);
    return htmlBlock(RECORD_BLOCK_NAME, `${fields} ${chunk}`, "mac", mac);
  });
  return { blocks, kept: fitted.record.entries.length, dropped: fitted.dropped };
}

/**
 * Reads the record block of a check run's text (`source` names the check run in messages) and
 * verifies it under `signing` before anything of it is used. No block gives `none`; a block of
 * another version, one whose MAC does not verify (altered, signed with another key, in another
 * repository or environment, or on another commit), or one that is malformed gives `unusable`
 * with the reason. Never throws.
 */
export function readRecordPart(
  text: string | null | undefined,
  source: string,
  signing: BlockSigning,
): ReadPart {
  if (text === null || text === undefined || !text.includes(RECORD_BLOCK_PREFIX))
    return { kind: "none" };
  const version = ANY_VERSION.exec(text)?.[1];
  if (version !== undefined && Number(version) !== RECORD_BLOCK_VERSION)
    return {
      kind: "unusable",
      reason: `The review record of ${source} has version ${version}, which this version of the Action does not use (${Number(version) < RECORD_BLOCK_VERSION ? "an earlier Action wrote it; its files are reviewed again, once" : "a newer Action wrote it"}).`,
    };
  const match = BLOCK.exec(text);
  if (match === null)
    return { kind: "unusable", reason: `The review record of ${source} is malformed.` };
  const [, , id, index, count, chunk, mac] = match;
  if (!macMatches(signing, partFields(id!, Number(index), Number(count)), chunk!, mac!))
    return {
      kind: "unusable",
      reason: `The review record of ${source} does not verify: it was altered, signed with another key (another api-key or record-key, a rotated key), or made somewhere else (another repository, a sandbox run, another commit). Nothing of it is used.`,
    };
  if (Number(index) > Number(count))
    return { kind: "unusable", reason: `The review record of ${source} is malformed.` };
  return {
    kind: "part",
    part: { id: id!, index: Number(index), count: Number(count), chunk: chunk! },
  };
}

/**
 * The record from its verified parts, in order (the first from the check run's text, the rest
 * from its companions), with the entries of `paths` only (see `decodeRecordPayload`). Parts of
 * another record, missing parts, a payload that does not match the record's id or does not
 * decode, give `unusable` with the reason. Never throws.
 */
export function assembleRecord(
  parts: readonly RecordPart[],
  source: string,
  paths: readonly string[],
): RecordBlock {
  const first = parts[0];
  if (
    first === undefined ||
    parts.length !== first.count ||
    parts.some((p, i) => p.id !== first.id || p.index !== i + 1 || p.count !== first.count)
  )
    return {
      kind: "unusable",
      reason: `The review record of ${source} is incomplete: ${plural(parts.length, "part")} of ${first?.count ?? 0} found.`,
    };
  const payload = parts.map((p) => p.chunk).join("");
  if (payloadId(payload) !== first.id)
    return { kind: "unusable", reason: `The review record of ${source} is malformed.` };
  try {
    return { kind: "record", record: decodeRecordPayload(payload, paths, source) };
  } catch (error) {
    const why = isReviewRecordError(error)
      ? error.message
      : `The review record of ${source} cannot be decoded (${(error as Error).message}).`;
    return { kind: "unusable", reason: why };
  }
}

/** A record held whole in one check run's text (see {@link readRecordPart}), for `paths`. */
export function readRecordBlock(
  text: string | null | undefined,
  source: string,
  signing: BlockSigning,
  paths: readonly string[],
): RecordBlock {
  const read = readRecordPart(text, source, signing);
  return read.kind === "part" ? assembleRecord([read.part], source, paths) : read;
}

/** The name of the companion check run holding part `index` (2 and up) of a record of `checkName`. */
export function recordPartName(checkName: string, index: number): string {
  return `${checkName} (review record, part ${index})`;
}
