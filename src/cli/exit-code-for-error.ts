import { CommanderError } from "commander";
import {
  isConfigurationError,
  isContentReviewError,
  isLocalFileError,
  isWaitTimeoutError,
} from "../api/index.ts";
import { isCliUsageError } from "./cli-usage-error.ts";
import { EXIT_CODES, type ExitCode } from "./exit-codes.ts";
import { isInterruptedError } from "./interrupted-error.ts";
import { isStateFileError } from "./state-file-error.ts";

/** Errors of the budget guard carry this name (the shared review pipeline throws it). */
const BUDGET_ERROR_NAMES: ReadonlySet<string> = new Set(["BudgetExceededError"]);

/**
 * Which exit code each kind of error gives, first match wins: policy as data. Anything the
 * table does not know is treated as a service failure (3).
 */
export const EXIT_CODE_RULES: readonly (readonly [(error: unknown) => boolean, ExitCode])[] =
  Object.freeze([
    [(e) => e instanceof CommanderError, EXIT_CODES.usage],
    [isCliUsageError, EXIT_CODES.usage],
    [isStateFileError, EXIT_CODES.stateNotSaved],
    [isConfigurationError, EXIT_CODES.usage],
    [isLocalFileError, EXIT_CODES.usage],
    [(e) => e instanceof Error && BUDGET_ERROR_NAMES.has(e.name), EXIT_CODES.budget],
    [isInterruptedError, EXIT_CODES.interrupted],
    [isWaitTimeoutError, EXIT_CODES.service],
    [isContentReviewError, EXIT_CODES.service],
  ]);

/** The exit code for an error that ended a command. */
export function exitCodeForError(error: unknown): ExitCode {
  if (error instanceof CommanderError) {
    // --help and --version end through the same path, successfully.
    return error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
  }
  for (const [matches, code] of EXIT_CODE_RULES) if (matches(error)) return code;
  return EXIT_CODES.service;
}
