import { createHash, type KeyObject } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { isReviewRecordError, parseReviewRecord, type ReviewRecord } from "../../pipeline/index.ts";
import { plural } from "../../policy/index.ts";
import {
  type BlockSigning,
  blockMac,
  htmlBlock,
  MAC_PATTERN,
  macMatches,
} from "../signing/signed-block.ts";

const RECORD_BLOCK_NAME = "content-review:record";

/** The start of the hidden block; a check run's text holding it carries (part of) a record. */
export const RECORD_BLOCK_PREFIX = `<!-- ${RECORD_BLOCK_NAME} `;

/**
 * Version of the block: 3 carries an HMAC-SHA256 bound to the repository, the environment and
 * the commit, and may be split in parts. Blocks of versions 1 (unsigned) and 2 (signed, bound to
 * nothing) are never used: the next run reviews their files again, once.
 */
export const RECORD_BLOCK_VERSION = 3;

/** The purpose label in a record's MAC. */
export const RECORD_PURPOSE = "review-record";

/**
 * Parts a record may take at most: the check run's text and companion check runs, each up to
 * 65,535 characters. Ten hold about 9,000 files, three times a pull request's 3,000.
 */
export const MAX_RECORD_PARTS = 10;

const BLOCK = new RegExp(
  `<!-- content-review:record v(\\d+) (?:id=([0-9a-f]{32}) part=([1-9][0-9]?)/([1-9][0-9]?) ([A-Za-z0-9+/=]+) mac=(${MAC_PATTERN})|too-large entries=(\\d+)) -->`,
);
const ANY_VERSION = /<!-- content-review:record v(\d+) /;

/** An inflated record larger than this is refused (a record can never legitimately be). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

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

/**
 * The record as hidden blocks, each at most `maxLength` characters: the record as JSON, deflated
 * and base64-encoded, cut into parts. Each part carries the record's id (a digest of the whole
 * payload), its place among the parts, and its HMAC-SHA256 under `signing` (see `blockMac`): a
 * part verifies only with its own record, at its own place, on the commit and in the repository
 * and environment that made it. The first block goes in the check run's `output.text`, the
 * others in companion check runs (see `recordPartName`). When more than {@link MAX_RECORD_PARTS}
 * parts would be needed, the one block says only that the record was too large (`fits: false`).
 */
export function writeRecordBlocks(
  record: ReviewRecord,
  maxLength: number,
  signing: BlockSigning,
): { blocks: string[]; fits: boolean } {
  const payload = deflateRawSync(Buffer.from(JSON.stringify(record)), { level: 9 }).toString(
    "base64",
  );
  const room = maxLength - BLOCK_OVERHEAD;
  const count = Math.max(1, Math.ceil(payload.length / room));
  if (count > MAX_RECORD_PARTS)
    return {
      blocks: [
        `${RECORD_BLOCK_PREFIX}v${RECORD_BLOCK_VERSION} too-large entries=${record.entries.length} -->`,
      ],
      fits: false,
    };
  const id = payloadId(payload);
  const blocks = Array.from({ length: count }, (_, i) => {
    const fields = partFields(id, i + 1, count);
    const chunk = payload.slice(i * room, (i + 1) * room);
    const mac = blockMac(signing, fields, chunk);
    return htmlBlock(RECORD_BLOCK_NAME, `${fields} ${chunk}`, "mac", mac);
  });
  return { blocks, fits: true };
}

/**
 * Reads the record block of a check run's text (`source` names the check run in messages) and
 * verifies it under `signing` before anything of it is used. No block gives `none`; a block of
 * another version, one whose MAC does not verify (altered, signed with another key, in another
 * repository or environment, or on another commit), one that is malformed, or one that says the
 * record was too large gives `unusable` with the reason. Never throws.
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
      reason: `The review record of ${source} has version ${version}, which this version of the Action does not use (${Number(version) < RECORD_BLOCK_VERSION ? "it is not bound to a repository, an environment and a commit; its files are reviewed again, once" : "a newer Action wrote it"}).`,
    };
  const match = BLOCK.exec(text);
  if (match === null)
    return { kind: "unusable", reason: `The review record of ${source} is malformed.` };
  if (match[7] !== undefined)
    return {
      kind: "unusable",
      reason: `The review record of ${source} (${plural(Number(match[7]), "file")}) was too large to keep, so it was not kept.`,
    };
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
 * from its companions). Parts of another record, missing parts, a payload that does not match
 * the record's id or does not decode, give `unusable` with the reason. Never throws.
 */
export function assembleRecord(parts: readonly RecordPart[], source: string): RecordBlock {
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
    const json = inflateRawSync(Buffer.from(payload, "base64"), {
      maxOutputLength: MAX_INFLATED_BYTES,
    }).toString("utf8");
    return { kind: "record", record: parseReviewRecord(JSON.parse(json), source) };
  } catch (error) {
    const why = isReviewRecordError(error)
      ? error.message
      : `The review record of ${source} cannot be decoded (${(error as Error).message}).`;
    return { kind: "unusable", reason: why };
  }
}

/** A record held whole in one check run's text (see {@link readRecordPart}). */
export function readRecordBlock(
  text: string | null | undefined,
  source: string,
  signing: BlockSigning,
): RecordBlock {
  const read = readRecordPart(text, source, signing);
  return read.kind === "part" ? assembleRecord([read.part], source) : read;
}

/** The name of the companion check run holding part `index` (2 and up) of a record of `checkName`. */
export function recordPartName(checkName: string, index: number): string {
  return `${checkName} (review record, part ${index})`;
}
