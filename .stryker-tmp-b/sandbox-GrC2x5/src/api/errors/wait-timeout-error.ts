// @ts-nocheck
import { ContentReviewError, type ContentReviewErrorOptions } from "./content-review-error.ts";

/** `waitForSubmission` gave up before the submission reached a terminal status. */
export class WaitTimeoutError extends ContentReviewError {
  override name = "WaitTimeoutError";
  readonly submissionId: string;
  readonly timeoutMs: number;
  /** The last submission read before giving up, if any. */
  readonly lastSubmission: unknown;

  constructor(
    message: string,
    options: ContentReviewErrorOptions & {
      submissionId: string;
      timeoutMs: number;
      lastSubmission?: unknown;
    },
  ) {
    super(message, { ...options, operation: options.operation ?? "getSubmission" });
    this.submissionId = options.submissionId;
    this.timeoutMs = options.timeoutMs;
    this.lastSubmission = options.lastSubmission;
  }
}

/** Type guard for {@link WaitTimeoutError}. */
export function isWaitTimeoutError(error: unknown): error is WaitTimeoutError {
  return error instanceof WaitTimeoutError;
}
