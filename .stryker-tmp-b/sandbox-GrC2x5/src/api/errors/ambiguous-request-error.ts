// @ts-nocheck
import { ContentReviewError, type ContentReviewErrorOptions } from "./content-review-error.ts";

/**
 * A non-idempotent operation (creating a submission, retrying an asset, creating a subscription,
 * firing a sandbox event) failed in a way that leaves open whether the service acted on it: the
 * connection broke or timed out after the request was sent, or the service answered 500/502.
 * The client does not replay it; the message says how to find out. `cause` is the failure.
 */
export class AmbiguousRequestError extends ContentReviewError {
  override name = "AmbiguousRequestError";
  declare readonly operation: string;
  readonly ambiguous = true;

  constructor(message: string, options: ContentReviewErrorOptions & { operation: string }) {
    super(message, options);
  }
}

/** Type guard for {@link AmbiguousRequestError}. */
export function isAmbiguousRequestError(error: unknown): error is AmbiguousRequestError {
  return error instanceof AmbiguousRequestError;
}
