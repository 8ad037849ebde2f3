/** The run was stopped by Ctrl+C or SIGTERM (for example, a CI job being cancelled). */
// @ts-nocheck

export class InterruptedError extends Error {
  override name = "InterruptedError";
  readonly signal: string;

  constructor(signal: string) {
    super(
      `Interrupted by ${signal} before the command finished. Anything already submitted keeps running; check it with content-review status.`,
    );
    this.signal = signal;
  }
}

/** Type guard for {@link InterruptedError}. */
export function isInterruptedError(error: unknown): error is InterruptedError {
  return error instanceof InterruptedError;
}
