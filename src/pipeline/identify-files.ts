import { lstat } from "node:fs/promises";
import { fileContentId, HASH_CHUNK_BYTES } from "./file-content-id.ts";
import { mapConcurrent } from "./map-concurrent.ts";
import type { ReviewFile } from "./review-outcome.ts";
import type { ContentIdentity } from "./review-record.ts";

/** Files hashed at once. */
const HASHES_AT_ONCE = 4;

/**
 * Gives each file its `contentId` for incremental review, computed from its bytes
 * ({@link fileContentId}): the bytes are what is uploaded, so they decide. The blob sha GitHub
 * lists for a changed file names the head's version, and the workspace may hold another (the
 * merge commit a `pull_request` checkout makes, or any ref the workflow checked out): trusting
 * the listing would record a review of one version under another's id. A file that is not a
 * regular file, or cannot be read, gets none: it is always reviewed (or skipped later, with its
 * reason), and never recorded. The hashes at once share as many buffers, whatever the number of
 * files.
 */
export async function identifyFiles(
  files: readonly ReviewFile[],
  identity: ContentIdentity,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<ReviewFile[]> {
  const idle: Buffer[] = [];
  return mapConcurrent(
    files,
    HASHES_AT_ONCE,
    async (file): Promise<ReviewFile> => {
      try {
        if (!(await lstat(file.path)).isFile()) return file;
        const buffer = idle.pop() ?? Buffer.allocUnsafeSlow(HASH_CHUNK_BYTES);
        try {
          return { ...file, contentId: await fileContentId(file.path, identity, buffer) };
        } finally {
          idle.push(buffer);
        }
      } catch {
        return file;
      }
    },
    options.signal,
  );
}
