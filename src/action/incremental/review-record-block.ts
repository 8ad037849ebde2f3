import { createHmac, type KeyObject, timingSafeEqual } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { isReviewRecordError, parseReviewRecord, type ReviewRecord } from "../../pipeline/index.ts";
import { plural } from "../../policy/index.ts";

/** The start of the hidden block; a check run's text holding it carries a review record. */
export const RECORD_BLOCK_PREFIX = "<!-- content-review:record ";

/**
 * Version of the block: 2 carries an HMAC-SHA256 of the payload. Version 1 blocks (unsigned,
 * from earlier versions of the Action) are never used: anyone who can write a check run can
 * write one.
 */
export const RECORD_BLOCK_VERSION = 2;

const BLOCK =
  /<!-- content-review:record v(\d+) (?:([A-Za-z0-9+/=]+) mac=([0-9a-f]{64})|too-large entries=(\d+)) -->/;
const ANY_VERSION = /<!-- content-review:record v(\d+) /;

/** An inflated record larger than this is refused (a block can never legitimately be). */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/** What a check run's text says about a record. */
export type RecordBlock =
  | { readonly kind: "none" }
  | { readonly kind: "record"; readonly record: ReviewRecord }
  | { readonly kind: "unusable"; readonly reason: string };

/** The MAC of a block's payload: over the version and the base64 text, as they stand in the block. */
function macOf(payload: string, key: KeyObject): Buffer {
  return createHmac("sha256", key).update(`v${RECORD_BLOCK_VERSION} ${payload}`).digest();
}

/**
 * The record as a hidden block for a check run's `output.text`: an HTML comment (GitHub shows
 * none of it) holding the record as JSON, deflated and base64-encoded, behind its version and
 * followed by its HMAC-SHA256 under `key` (see `deriveRecordKey`). When that is longer than
 * `maxLength`, the block says only that the record was too large, so that the next run can say
 * why it reviews every file again (`fits: false`).
 */
export function writeRecordBlock(
  record: ReviewRecord,
  maxLength: number,
  key: KeyObject,
): { block: string; fits: boolean } {
  const payload = deflateRawSync(Buffer.from(JSON.stringify(record)), { level: 9 }).toString(
    "base64",
  );
  const mac = macOf(payload, key).toString("hex");
  const block = `${RECORD_BLOCK_PREFIX}v${RECORD_BLOCK_VERSION} ${payload} mac=${mac} -->`;
  if (block.length <= maxLength) return { block, fits: true };
  return {
    block: `${RECORD_BLOCK_PREFIX}v${RECORD_BLOCK_VERSION} too-large entries=${record.entries.length} -->`,
    fits: false,
  };
}

/**
 * Reads the record block of a check run's text (`source` names the check run in messages) and
 * verifies it with `key` before decoding anything. No block gives `none`; a block of another
 * version, one whose MAC does not verify (altered, or signed with another key), one that does
 * not decode, or one that says the record was too large gives `unusable` with the reason. Never
 * throws.
 */
export function readRecordBlock(
  text: string | null | undefined,
  source: string,
  key: KeyObject,
): RecordBlock {
  if (text === null || text === undefined || !text.includes(RECORD_BLOCK_PREFIX))
    return { kind: "none" };
  const version = ANY_VERSION.exec(text)?.[1];
  if (version !== undefined && Number(version) !== RECORD_BLOCK_VERSION)
    return {
      kind: "unusable",
      reason: `The review record of ${source} has version ${version}, which this version of the Action does not use${Number(version) < RECORD_BLOCK_VERSION ? " (it is not signed)" : ""}.`,
    };
  const match = BLOCK.exec(text);
  if (match === null)
    return { kind: "unusable", reason: `The review record of ${source} is malformed.` };
  if (match[4] !== undefined)
    return {
      kind: "unusable",
      reason: `The review record of ${source} (${plural(Number(match[4]), "file")}) was too large for a check run's output, so it was not kept.`,
    };
  const payload = match[2]!;
  if (!timingSafeEqual(macOf(payload, key), Buffer.from(match[3]!, "hex")))
    return {
      kind: "unusable",
      reason: `The review record of ${source} does not verify: it was altered, or signed with another key (another api-key or record-key: a sandbox run, another workspace, a rotated key). Nothing of it is used.`,
    };
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
