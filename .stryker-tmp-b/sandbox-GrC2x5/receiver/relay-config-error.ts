/** A bad or missing relay setting. Its message is the one line printed before exiting with 1. */
// @ts-nocheck

export class RelayConfigError extends Error {
  override readonly name = "RelayConfigError";
  /** The environment variable at fault. */
  readonly variable: string;

  constructor(variable: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.variable = variable;
  }
}

export function isRelayConfigError(error: unknown): error is RelayConfigError {
  return error instanceof RelayConfigError;
}
