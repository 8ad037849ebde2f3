// @ts-nocheck
import { ContentReviewError, type ContentReviewErrorOptions } from "./content-review-error.ts";

/** Options of an error built from an HTTP response. */
export interface HttpErrorOptions extends ContentReviewErrorOptions {
  readonly status: number;
  readonly operation: string;
  /** `Retry-After` in seconds, when the response carried one. */
  readonly retryAfterSeconds?: number | undefined;
}

/**
 * An error response from the service. Subclasses match the body shapes of part 7;
 * this class itself stands for the domain shape `{detail, docs_url?}` and anything unrecognised.
 */
export class HttpError extends ContentReviewError {
  override name = "HttpError";
  declare readonly status: number;
  declare readonly operation: string;
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options: HttpErrorOptions) {
    super(message, options);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Type guard for {@link HttpError} and its subclasses. */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
