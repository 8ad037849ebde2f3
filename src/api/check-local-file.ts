import { lstat } from "node:fs/promises";
import { basename } from "node:path";
import { formatBytes } from "../shared/format-bytes.ts";
import { LocalFileError } from "./errors/local-file-error.ts";
import {
  CATEGORY_SIZE_LIMITS,
  type MediaType,
  mediaTypeForFilename,
  mediaTypeForMime,
  SUPPORTED_EXTENSIONS,
} from "./media-types.ts";

/** A local file that passed the client-side checks of part 8. */
export interface CheckedFile {
  readonly path: string;
  readonly filename: string;
  readonly size: number;
  readonly mediaType: MediaType;
}

/**
 * Checks a file before any request: a regular file (never a symlink), a supported type, and a
 * size within its category's limit (part 8 rules 5 and 6). Throws {@link LocalFileError}.
 */
export async function checkLocalFile(
  path: string,
  options: { contentType?: string | undefined; filename?: string | undefined } = {},
): Promise<CheckedFile> {
  const filename = options.filename ?? basename(path);
  const stats = await lstat(path).catch((cause: unknown) => {
    throw new LocalFileError(`Cannot read ${path}: ${(cause as Error).message}. Check the path.`, {
      path,
      problem: "unreadable",
      cause,
    });
  });
  if (stats.isSymbolicLink()) {
    throw new LocalFileError(
      `${path} is a symbolic link; links are never followed. Upload the target file itself.`,
      {
        path,
        problem: "symlink",
      },
    );
  }
  if (!stats.isFile()) {
    throw new LocalFileError(`${path} is not a regular file.`, { path, problem: "not-a-file" });
  }
  const mediaType = options.contentType
    ? mediaTypeForMime(options.contentType)
    : mediaTypeForFilename(filename);
  if (!mediaType) {
    const what = options.contentType
      ? `content type "${options.contentType}"`
      : `extension of "${filename}"`;
    throw new LocalFileError(
      `${path} cannot be reviewed: the ${what} is not supported. Supported extensions: ${SUPPORTED_EXTENSIONS.join(", ")}.`,
      { path, problem: "unsupported-type" },
    );
  }
  if (stats.size === 0) {
    throw new LocalFileError(`${path} is empty; there is nothing to review.`, {
      path,
      problem: "empty",
    });
  }
  const limit = CATEGORY_SIZE_LIMITS[mediaType.category];
  if (stats.size > limit) {
    throw new LocalFileError(
      `${path} is ${formatBytes(stats.size)}, over the ${formatBytes(limit)} limit for ${mediaType.category} files. Compress or split it.`,
      { path, problem: "too-large" },
    );
  }
  return { path, filename, size: stats.size, mediaType };
}
