import { redact } from "../../shared/redact.ts";

/** Fields shared by every error of the API layer. */
export interface ContentReviewErrorOptions {
  /** The operation that failed, e.g. `createSubmission`. */
  readonly operation?: string | undefined;
  /** HTTP status, when a response was received. */
  readonly status?: number | undefined;
  /** The parsed response body, redacted. */
  readonly body?: unknown;
  /** The original error. */
  readonly cause?: unknown;
  /** Secret values to remove from the message (the API key). */
  readonly secrets?: readonly (string | undefined)[];
}

/**
 * Base class of every error the API layer throws. Messages are redacted here, when the
 * error is built, so an API key or presigned URL can never leak through `message`.
 */
export class ContentReviewError extends Error {
  override name = "ContentReviewError";
  readonly operation: string | undefined;
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(message: string, options: ContentReviewErrorOptions = {}) {
    super(redact(message, options.secrets ?? []), { cause: options.cause });
    this.operation = options.operation;
    this.status = options.status;
    this.body = options.body;
  }
}

/** Type guard for any error of the API layer. */
export function isContentReviewError(error: unknown): error is ContentReviewError {
  return error instanceof ContentReviewError;
}
