// @ts-nocheck
import { HttpError, type HttpErrorOptions } from "./http-error.ts";

/** The rate limit of a bucket was exceeded (429); wait `retryAfterSeconds` before trying again. */
export class RateLimitError extends HttpError {
  override name = "RateLimitError";
  declare readonly retryAfterSeconds: number | undefined;
  /** The rate-limit bucket of the operation (part 8), when known. */
  readonly bucket: string | undefined;

  constructor(message: string, options: HttpErrorOptions & { bucket?: string | undefined }) {
    super(message, options);
    this.bucket = options.bucket;
  }
}

/** Type guard for {@link RateLimitError}. */
export function isRateLimitError(error: unknown): error is RateLimitError {
  return error instanceof RateLimitError;
}
