/** One missing or invalid input: its name as in action.yml, and a sentence that starts with it. */
export interface ActionInputProblem {
  readonly input: string;
  readonly message: string;
}

/** Action inputs are missing or invalid, all of them named at once; found before any request. */
export class ActionInputError extends Error {
  override name = "ActionInputError";
  /** The input's name as in action.yml, e.g. `fail-on` (the first of several). */
  readonly input: string;
  /** Every problem found, in the order of action.yml's inputs. */
  readonly problems: readonly ActionInputProblem[];

  constructor(
    message: string,
    options: { input: string; cause?: unknown; problems?: readonly ActionInputProblem[] },
  ) {
    super(message, { cause: options.cause });
    this.input = options.input;
    this.problems = Object.freeze([...(options.problems ?? [{ input: options.input, message }])]);
  }

  /** One error for every problem: one line each, so that one run names everything to fix. */
  static of(problems: readonly ActionInputProblem[]): ActionInputError {
    const [first] = problems;
    if (first === undefined) throw new RangeError("ActionInputError.of needs a problem");
    return new ActionInputError(problems.map((p) => p.message).join("\n"), {
      input: first.input,
      problems,
    });
  }
}

/** Type guard for {@link ActionInputError}. */
export function isActionInputError(error: unknown): error is ActionInputError {
  return error instanceof ActionInputError;
}
