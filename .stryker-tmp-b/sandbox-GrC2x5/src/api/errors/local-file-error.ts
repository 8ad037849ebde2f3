// @ts-nocheck
import { ContentReviewError, type ContentReviewErrorOptions } from "./content-review-error.ts";

/** Why a local file cannot be uploaded, found before any request. */
export type LocalFileProblem =
  | "unsupported-type"
  | "too-large"
  | "not-a-file"
  | "symlink"
  | "unreadable"
  | "empty";

/** A file cannot be uploaded as it is: wrong type, over its category's limit, or not a regular file. */
export class LocalFileError extends ContentReviewError {
  override name = "LocalFileError";
  readonly path: string;
  readonly problem: LocalFileProblem;

  constructor(
    message: string,
    options: ContentReviewErrorOptions & { path: string; problem: LocalFileProblem },
  ) {
    super(message, { ...options, operation: options.operation ?? "uploadFile" });
    this.path = options.path;
    this.problem = options.problem;
  }
}

/** Type guard for {@link LocalFileError}. */
export function isLocalFileError(error: unknown): error is LocalFileError {
  return error instanceof LocalFileError;
}
