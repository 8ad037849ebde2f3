import { identifyFiles } from "./identify-files.ts";
import type { ReviewFile } from "./review-outcome.ts";

/** A Git blob sha: a `contentId` of this shape is already the file's version. */
const GIT_BLOB = /^[0-9a-f]{40}$/;

/**
 * Gives each file its `version` for accepted findings: its Git blob sha, the same content id in
 * the Action and the CLI. A file already identified by its blob sha (the Action's incremental
 * runs) is not read again; one that cannot be read gets none, and nothing of it can be accepted.
 */
export async function identifyVersions(
  files: readonly ReviewFile[],
  options: { signal?: AbortSignal | undefined } = {},
): Promise<ReviewFile[]> {
  const known = (f: ReviewFile) => GIT_BLOB.test(f.contentId ?? "");
  const unknown = files.filter((f) => !known(f));
  const hashed = await identifyFiles(
    unknown.map((f) => ({ ...f, contentId: undefined })),
    "git-blob",
    options,
  );
  const versions = new Map(unknown.map((f, i) => [f, hashed[i]?.contentId]));
  return files.map((f) => ({ ...f, version: known(f) ? f.contentId : versions.get(f) }));
}
