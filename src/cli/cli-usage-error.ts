/** One wrong or missing setting: the argument, option or variable, and what to do about it. */
export interface UsageProblem {
  readonly input: string;
  readonly message: string;
}

/** The command line was wrong: a bad argument or option value, or a missing setting. Exit code 2. */
export class CliUsageError extends Error {
  override name = "CliUsageError";
  /** The argument, option or variable concerned, e.g. `--fail-on` (the first of several). */
  readonly input: string;
  /** Every problem this error names: one, or all that were found at once. */
  readonly problems: readonly UsageProblem[];

  constructor(
    message: string,
    options: { input: string; cause?: unknown; problems?: readonly UsageProblem[] },
  ) {
    super(message, { cause: options.cause });
    this.input = options.input;
    this.problems = Object.freeze([...(options.problems ?? [{ input: options.input, message }])]);
  }

  /**
   * One error naming every problem (at least one): a single problem keeps its own sentence;
   * several are listed one per line, so that one run says everything there is to fix.
   */
  static of(problems: readonly UsageProblem[]): CliUsageError {
    const [first] = problems;
    if (first === undefined) throw new RangeError("CliUsageError.of needs a problem");
    const message =
      problems.length === 1
        ? first.message
        : `${problems.length} settings need fixing; nothing was sent:\n${problems.map((p) => `  - ${p.message}`).join("\n")}`;
    return new CliUsageError(message, { input: first.input, problems });
  }
}

/** Type guard for {@link CliUsageError}. */
export function isCliUsageError(error: unknown): error is CliUsageError {
  return error instanceof CliUsageError;
}
