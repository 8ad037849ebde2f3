/** The command line was wrong: a bad argument or option value, or a missing setting. Exit code 2. */
// @ts-nocheck

export class CliUsageError extends Error {
  override name = "CliUsageError";
  /** The argument, option or variable concerned, e.g. `--fail-on`. */
  readonly input: string;

  constructor(message: string, options: { input: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.input = options.input;
  }
}

/** Type guard for {@link CliUsageError}. */
export function isCliUsageError(error: unknown): error is CliUsageError {
  return error instanceof CliUsageError;
}
