/** A record of earlier reviews (a check run's block, a CLI state file) cannot be used. */
// @ts-nocheck

export class ReviewRecordError extends Error {
  override name = "ReviewRecordError";
  /** Where the record came from, e.g. `check run 1234` or `.content-review-state.json`. */
  readonly source: string;

  constructor(message: string, options: { source: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.source = options.source;
  }
}

/** Type guard for {@link ReviewRecordError}. */
export function isReviewRecordError(error: unknown): error is ReviewRecordError {
  return error instanceof ReviewRecordError;
}
