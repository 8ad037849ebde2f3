/** One bad or missing setting: the variable and a sentence that starts with its name. */
export interface RelayConfigProblem {
  readonly variable: string;
  readonly message: string;
}

/**
 * Bad or missing relay settings, all of them at once. Its message has one line per problem,
 * each printed before exiting with 2 (`RELAY_EXIT_CODES.usage`).
 */
export class RelayConfigError extends Error {
  override readonly name = "RelayConfigError";
  /** The (first) environment variable at fault. */
  readonly variable: string;
  /** Every problem found, in the order of the variables. */
  readonly problems: readonly RelayConfigProblem[];

  constructor(problems: readonly RelayConfigProblem[], options?: { cause?: unknown }) {
    super(problems.map((p) => p.message).join("\n"), options);
    this.problems = Object.freeze([...problems]);
    this.variable = problems[0]?.variable ?? "";
  }
}

export function isRelayConfigError(error: unknown): error is RelayConfigError {
  return error instanceof RelayConfigError;
}
