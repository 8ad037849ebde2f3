// @ts-nocheck
import { ContentReviewError, type ContentReviewErrorOptions } from "./content-review-error.ts";

/** One mismatch between a response and its schema. */
export interface SchemaProblem {
  /** Path inside the response body, e.g. `assets.0.status`. */
  readonly path: string;
  readonly message: string;
}

/** A 2xx response did not match the published schema of its operation. */
export class ResponseValidationError extends ContentReviewError {
  override name = "ResponseValidationError";
  declare readonly operation: string;
  readonly problems: readonly SchemaProblem[];

  constructor(
    message: string,
    options: ContentReviewErrorOptions & { operation: string; problems: readonly SchemaProblem[] },
  ) {
    super(message, options);
    this.problems = options.problems;
  }
}

/** Type guard for {@link ResponseValidationError}. */
export function isResponseValidationError(error: unknown): error is ResponseValidationError {
  return error instanceof ResponseValidationError;
}
