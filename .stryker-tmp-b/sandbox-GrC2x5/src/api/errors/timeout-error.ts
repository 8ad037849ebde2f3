// @ts-nocheck
import { NetworkError, type NetworkErrorOptions } from "./network-error.ts";

/** A request got no complete response within its timeout. Always ambiguous for writes. */
export class TimeoutError extends NetworkError {
  override name = "TimeoutError";
  readonly timeoutMs: number;

  constructor(message: string, options: NetworkErrorOptions & { timeoutMs: number }) {
    super(message, options);
    this.timeoutMs = options.timeoutMs;
  }
}

/** Type guard for {@link TimeoutError}. */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError;
}
