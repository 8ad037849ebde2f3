// @ts-nocheck
import { ContentReviewError, type ContentReviewErrorOptions } from "./content-review-error.ts";

/** Options of {@link NetworkError}. */
export interface NetworkErrorOptions extends ContentReviewErrorOptions {
  readonly operation: string;
  /**
   * True when the request may have reached the service before the failure (a reset or a
   * timeout after the body was sent), so the operation may or may not have taken effect.
   */
  readonly ambiguous: boolean;
}

/** No usable response: the connection failed, was reset, or the response could not be read. */
export class NetworkError extends ContentReviewError {
  override name = "NetworkError";
  declare readonly operation: string;
  readonly ambiguous: boolean;

  constructor(message: string, options: NetworkErrorOptions) {
    super(message, options);
    this.ambiguous = options.ambiguous;
  }
}

/** Type guard for {@link NetworkError} (and {@link TimeoutError}, its subclass). */
export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
