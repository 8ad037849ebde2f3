/** Exit codes of `content-review`, as data (issue 6). Documented in docs/cli.md, "Exit codes". */
export const EXIT_CODES = Object.freeze({
  /** Done; nothing at or above `--fail-on`. */
  ok: 0,
  /** Findings at or above `--fail-on`. */
  findings: 1,
  /** Usage error: a bad argument, option, file or configuration. */
  usage: 2,
  /** Service or network error after retries. */
  service: 3,
  /** The estimate exceeded `--max-credits`; nothing was submitted. */
  budget: 4,
  /** The review ran and reported, but its `--state` file could not be written. */
  stateNotSaved: 5,
  /** Stopped by Ctrl+C or SIGTERM (the shell's 128 + SIGINT). */
  interrupted: 130,
} as const);

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** One line per exit code, for `--help`. */
export const EXIT_CODES_HELP = `Exit codes:
  0  done; nothing at or above --fail-on
  1  findings at or above --fail-on
  2  usage error (bad argument, option, file or configuration)
  3  service or network error after retries
  4  budget exceeded (the estimate is over --max-credits; nothing was submitted)
  5  the review ran, but its --state file could not be written
  130  interrupted by Ctrl+C or SIGTERM`;
