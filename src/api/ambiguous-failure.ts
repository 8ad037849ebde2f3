import { AmbiguousRequestError } from "./errors/ambiguous-request-error.ts";
import type { ContentReviewError } from "./errors/content-review-error.ts";
import { HttpError } from "./errors/http-error.ts";
import { NetworkError } from "./errors/network-error.ts";
import type { OperationId } from "./generated/operations.gen.ts";
import { AMBIGUOUS_FAILURE_HINTS, UNSAFE_OPERATIONS } from "./retry-policy.ts";

/**
 * The error to throw for a final failure: for an unsafe operation that was not replayed and may
 * have taken effect (an ambiguous network error, a 5xx), an {@link AmbiguousRequestError} with
 * the operation's hint; otherwise `error` itself.
 */
export function ambiguousFailure(
  operation: OperationId,
  error: unknown,
  secrets: readonly string[],
): unknown {
  if (!UNSAFE_OPERATIONS.has(operation)) return error;
  const ambiguous =
    (error instanceof NetworkError && error.ambiguous) ||
    (error instanceof HttpError && error.status >= 500);
  if (!ambiguous) return error;
  const failure = error as ContentReviewError;
  return new AmbiguousRequestError(
    `${operation} may or may not have taken effect: ${failure.message}. ${AMBIGUOUS_FAILURE_HINTS[operation]}.`,
    {
      operation,
      status: failure.status,
      body: failure.body,
      cause: error,
      secrets,
    },
  );
}
