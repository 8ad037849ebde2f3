import type { KeyObject } from "node:crypto";
import type { ReviewRecord } from "../../pipeline/index.ts";
import { plural } from "../../policy/index.ts";
import { RECORD_ROOM } from "../github/check-run.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import {
  MAX_RECORD_PARTS,
  recordPartName,
  recordSigning,
  writeRecordBlocks,
} from "./review-record-block.ts";

/**
 * Keeps `record` for the next run, signed for this commit (see `writeRecordBlocks`): its parts
 * past the first go into companion check runs on the commit, completed `neutral`, before the
 * first is returned for the check run's own text, so that a record is never read without them.
 * Returns undefined, after a warning, when a part cannot be posted: the next run then uses the
 * records before this one. A record too large for every part keeps its newest entries.
 * Without `companions` (a cancelled run, whose last requests must fit in a few seconds), the
 * record keeps what fits in the check run's own text: its newest entries, about 1,000.
 */
export async function keepReviewRecord(
  github: GithubClient,
  context: GithubContext,
  options: {
    checkName: string;
    record: ReviewRecord;
    /** Signs the record (see `deriveRecordKey`). */
    key: KeyObject;
    /** Whether companion check runs may be posted. @default true */
    companions?: boolean;
    warning: (message: string) => void;
  },
): Promise<string | undefined> {
  const { record } = options;
  const written = writeRecordBlocks(
    record,
    RECORD_ROOM,
    recordSigning(options.key, context.sha),
    options.companions === false ? 1 : MAX_RECORD_PARTS,
  );
  if (written.dropped > 0)
    options.warning(
      options.companions === false
        ? `The review record of this cancelled run keeps the ${written.kept} newest of ${plural(record.entries.length, "file version")} (a cancelled run posts no companion check runs); the next run also looks for earlier records.`
        : `The review record (${plural(record.entries.length, "file version")}) is too large to keep whole, even split over companion check runs (GitHub keeps up to 65,535 characters each): it keeps the ${written.kept} newest, and the next run reviews the other ${plural(written.dropped, "file version")} again.`,
    );
  const [first, ...rest] = written.blocks;
  try {
    for (const [i, text] of rest.entries()) {
      const index = i + 2;
      await github.rest.checks.create({
        owner: context.owner,
        repo: context.repo,
        name: recordPartName(options.checkName, index),
        head_sha: context.sha,
        status: "completed",
        conclusion: "neutral",
        output: {
          title: `Review record, part ${index} of ${written.blocks.length}`,
          summary: `What the next run of "${options.checkName}" reads to reuse the reviews of unchanged files. Nothing to act on.`,
          text,
        },
      });
    }
  } catch (error) {
    options.warning(
      `Could not keep the review record's ${plural(rest.length, "companion check run")} (${(error as Error).message}): the next run reuses only earlier records.`,
    );
    return undefined;
  }
  return first;
}
