/**
 * Exit codes of `content-review-relay`, as data (docs/relay.md, "Exit codes"). A configuration
 * error exits 2, as a usage error of `content-review` does (docs/cli.md), so that a supervisor
 * or a deploy script can tell "fix the settings" from "it failed while running".
 */
export const RELAY_EXIT_CODES = Object.freeze({
  /** Stopped on SIGTERM or Ctrl+C after draining; `--help`, `--version`. */
  ok: 0,
  /**
   * A runtime failure: the relay could not start (the journal in use or refused, the port taken),
   * its journal could not make writes durable, or draining failed. A restart may cure it.
   */
  failure: 1,
  /** A bad or missing setting, or an unknown argument: no restart cures it until it is fixed. */
  usage: 2,
} as const);

/** One line per exit code, for `--help`. */
export const RELAY_EXIT_CODES_HELP = `Exit codes:
  0  stopped on SIGTERM or Ctrl+C, after draining
  1  runtime failure (could not start, journal not durable, drain failed); a restart may cure it
  2  configuration error (a bad or missing variable, an unknown argument)`;
