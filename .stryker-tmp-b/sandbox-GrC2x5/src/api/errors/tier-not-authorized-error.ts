// @ts-nocheck
import { HttpError, type HttpErrorOptions } from "./http-error.ts";

/** The workspace's plan does not include API access (402); `bucket` names the gated capability. */
export class TierNotAuthorizedError extends HttpError {
  override name = "TierNotAuthorizedError";
  readonly bucket: string;

  constructor(message: string, options: HttpErrorOptions & { bucket: string }) {
    super(message, options);
    this.bucket = options.bucket;
  }
}

/** Type guard for {@link TierNotAuthorizedError}. */
export function isTierNotAuthorizedError(error: unknown): error is TierNotAuthorizedError {
  return error instanceof TierNotAuthorizedError;
}
