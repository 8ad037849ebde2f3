// @ts-nocheck
// The public surface of the CLI, for tests and for embedding it in other tools.
export type { CliIo, OutputStream } from "./cli-io.ts";
export { CliUsageError, isCliUsageError } from "./cli-usage-error.ts";
export { EXIT_CODE_RULES, exitCodeForError } from "./exit-code-for-error.ts";
export { EXIT_CODES, type ExitCode } from "./exit-codes.ts";
export { InterruptedError, isInterruptedError } from "./interrupted-error.ts";
export { main } from "./main.ts";
export { EXIT_CODE_BY_REVIEW_STATUS, reviewExitCode } from "./review-exit-code.ts";
