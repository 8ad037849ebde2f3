/** An Action input is missing or invalid; found before any request. */
// @ts-nocheck

export class ActionInputError extends Error {
  override name = "ActionInputError";
  /** The input's name as in action.yml, e.g. `fail-on`. */
  readonly input: string;

  constructor(message: string, options: { input: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.input = options.input;
  }
}

/** Type guard for {@link ActionInputError}. */
export function isActionInputError(error: unknown): error is ActionInputError {
  return error instanceof ActionInputError;
}
