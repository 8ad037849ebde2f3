import { deflateRawSync, inflateRawSync } from "node:zlib";
import {
  isReviewRecordError,
  parseReviewRecord,
  REVIEW_RECORD_VERSION,
  type ReviewRecord,
} from "../pipeline/index.ts";
import { plural } from "../policy/index.ts";

/** The start of the hidden block; a check run's text holding it carries a review record. */
export const RECORD_BLOCK_PREFIX = "<!-- content-review:record ";

const BLOCK = /<!-- content-review:record v(\d+) ([A-Za-z0-9+/=]+|too-large entries=(\d+)) -->/;

/** An inflated record larger than this is refused (a block can never legitimately be). */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/** What a check run's text says about a record. */
export type RecordBlock =
  | { readonly kind: "none" }
  | { readonly kind: "record"; readonly record: ReviewRecord }
  | { readonly kind: "unusable"; readonly reason: string };

/**
 * The record as a hidden block for a check run's `output.text`: an HTML comment (GitHub shows
 * none of it) holding the record as JSON, deflated and base64-encoded, behind its version.
 * When that is longer than `maxLength`, the block says only that the record was too large, so
 * that the next run can say why it reviews every file again (`fits: false`).
 */
export function writeRecordBlock(
  record: ReviewRecord,
  maxLength: number,
): { block: string; fits: boolean } {
  const payload = deflateRawSync(Buffer.from(JSON.stringify(record)), { level: 9 });
  const block = `${RECORD_BLOCK_PREFIX}v${REVIEW_RECORD_VERSION} ${payload.toString("base64")} -->`;
  if (block.length <= maxLength) return { block, fits: true };
  return {
    block: `${RECORD_BLOCK_PREFIX}v${REVIEW_RECORD_VERSION} too-large entries=${record.entries.length} -->`,
    fits: false,
  };
}

/**
 * Reads the record block of a check run's text (`source` names the check run in messages). No
 * block gives `none`; a block of another version, one that does not decode, or one that says the
 * record was too large gives `unusable` with the reason. Never throws.
 */
export function readRecordBlock(text: string | null | undefined, source: string): RecordBlock {
  if (text === null || text === undefined || !text.includes(RECORD_BLOCK_PREFIX))
    return { kind: "none" };
  const match = BLOCK.exec(text);
  if (match === null)
    return { kind: "unusable", reason: `The review record of ${source} is malformed.` };
  if (Number(match[1]) !== REVIEW_RECORD_VERSION)
    return {
      kind: "unusable",
      reason: `The review record of ${source} has version ${match[1]}, which this version of the Action does not read.`,
    };
  if (match[3] !== undefined)
    return {
      kind: "unusable",
      reason: `The review record of ${source} (${plural(Number(match[3]), "file")}) was too large for a check run's output, so it was not kept.`,
    };
  try {
    const json = inflateRawSync(Buffer.from(match[2]!, "base64"), {
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
