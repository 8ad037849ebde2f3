// @ts-nocheck
import { lstat } from "node:fs/promises";
import { fileContentId } from "./file-content-id.ts";
import { mapConcurrent } from "./map-concurrent.ts";
import type { ReviewFile } from "./review-outcome.ts";
import type { ContentIdentity } from "./review-record.ts";

/** Files hashed at once. */
const HASHES_AT_ONCE = 4;

/**
 * Gives each file its `contentId` for incremental review: the id `known` has for its display
 * path (the blob sha GitHub lists for a pull request's file), else one computed from its bytes
 * ({@link fileContentId}). A file that is not a regular file, or cannot be read, gets none: it is
 * always reviewed (or skipped later, with its reason), and never recorded.
 */
export async function identifyFiles(
  files: readonly ReviewFile[],
  identity: ContentIdentity,
  options: { known?: ReadonlyMap<string, string>; signal?: AbortSignal | undefined } = {},
): Promise<ReviewFile[]> {
  return mapConcurrent(
    files,
    HASHES_AT_ONCE,
    async (file): Promise<ReviewFile> => {
      const known = options.known?.get(file.displayPath);
      if (known !== undefined) return { ...file, contentId: known };
      try {
        if (!(await lstat(file.path)).isFile()) return file;
        return { ...file, contentId: await fileContentId(file.path, identity) };
      } catch {
        return file;
      }
    },
    options.signal,
  );
}
