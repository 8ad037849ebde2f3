import { readFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import {
  isReviewRecordError,
  parseReviewRecord,
  type ReviewRecord,
  ReviewRecordError,
} from "../pipeline/index.ts";
import { prettyJsonChunks } from "../report/index.ts";
import { writeFileAtomically } from "../shared/index.ts";
import { displayPathOf } from "./expand-paths.ts";

/** A state file's paths, from relative to its folder to relative to `cwd`, or back. */
function withPaths(record: ReviewRecord, path: (p: string) => string): ReviewRecord {
  return { ...record, entries: record.entries.map((e) => ({ ...e, path: path(e.path) })) };
}

/**
 * Reads the state file of `review --state` (`file`, absolute; `shown`, as the user wrote it).
 * Its paths are relative to its own folder, so that it works from any working directory; they
 * come back as the review's display paths (relative to `cwd`). Null when there is no file yet.
 * Throws {@link ReviewRecordError} when it cannot be read or is not a state file.
 */
export async function readReviewState(
  file: string,
  shown: string,
  cwd: string,
): Promise<ReviewRecord | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new ReviewRecordError(
      `Cannot read the state file ${shown} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
      { source: shown, cause: error },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ReviewRecordError(
      `The state file ${shown} is not JSON (${(error as Error).message}).`,
      {
        source: shown,
        cause: error,
      },
    );
  }
  const folder = dirname(file);
  return withPaths(parseReviewRecord(json, `the state file ${shown}`), (p) =>
    displayPathOf(cwd, resolve(folder, p)),
  );
}

/**
 * Writes the state file atomically: the whole record goes to a temporary file in the same
 * folder, is flushed to disk, and then replaces the old file in one rename. A failure leaves the
 * old file as it was and no temporary file behind. The record holds ids only (no key, no URL).
 */
export async function writeReviewState(
  file: string,
  cwd: string,
  record: ReviewRecord,
): Promise<void> {
  const folder = dirname(file);
  const relativeToFolder = (p: string) => {
    const full = resolve(cwd, p);
    const rel = relative(folder, full);
    return isAbsolute(rel) ? full : rel.split(sep).join("/");
  };
  await writeFileAtomically(file, prettyJsonChunks(withPaths(record, relativeToFolder)));
}

/** The state file's record, or null: none yet, or a damaged one (a full review, never the run). */
export async function readPreviousState(
  state: string | undefined,
  cwd: string,
  stderr: { write(text: string): unknown },
): Promise<ReviewRecord | null> {
  if (state === undefined) return null;
  try {
    return await readReviewState(resolve(cwd, state), state, cwd);
  } catch (error) {
    if (!isReviewRecordError(error)) throw error;
    stderr.write(
      `content-review: warning: ${error.message} Every file is reviewed, and ${state} is written anew.\n`,
    );
    return null;
  }
}
