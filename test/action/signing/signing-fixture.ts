import type { KeyObject } from "node:crypto";
import { RECORD_ROOM } from "../../../src/action/github/check-run.ts";
import {
  type RecordBlock,
  readRecordBlock,
  recordSigning,
  writeRecordBlocks,
} from "../../../src/action/incremental/review-record-block.ts";
import type { SigningScope } from "../../../src/action/signing/signed-block.ts";
import type { ReviewRecord } from "../../../src/pipeline/index.ts";
import { TEST_PATHS } from "../../pipeline/review-record-fixture.ts";

/** The scope of the tests' live runs: `octo/media`, without a repository id (as try-action runs). */
export const LIVE_SCOPE: SigningScope = Object.freeze({
  repository: "octo/media",
  repositoryId: undefined,
  environment: "live",
});

/** The same repository, from a sandbox run. */
export const SANDBOX_SCOPE: SigningScope = Object.freeze({ ...LIVE_SCOPE, environment: "sandbox" });

/** The head commit of `testContext()`. */
export const TEST_HEAD = "c".repeat(40);

/** The one block of `record` signed for `commit`, as a check run's text keeps a record that fits. */
export function recordBlock(
  record: ReviewRecord,
  key: KeyObject,
  commit = TEST_HEAD,
  maxLength = RECORD_ROOM,
): string {
  const { blocks } = writeRecordBlocks(record, maxLength, recordSigning(key, commit));
  if (blocks.length !== 1) throw new Error(`The record takes ${blocks.length} blocks, not 1.`);
  return blocks[0]!;
}

/** The record of a check run's text on `commit`, held whole in one block. */
export function readBlock(
  text: string | null | undefined,
  key: KeyObject,
  commit = TEST_HEAD,
): RecordBlock {
  return readRecordBlock(text, "check run", recordSigning(key, commit), TEST_PATHS);
}
