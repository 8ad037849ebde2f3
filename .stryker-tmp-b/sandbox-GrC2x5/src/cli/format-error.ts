// @ts-nocheck
import { redact } from "../api/index.ts";

/** JavaScript's own error classes: seeing one at the top means a bug, not a user mistake. */
const BUILT_IN_ERRORS: ReadonlySet<string> = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "EvalError",
  "URIError",
  "AggregateError",
]);

/**
 * The text printed for an error that ended a command: one line with what was wrong and what to
 * do (the toolkit's errors carry both). With `debug`, the stack and the chain of causes follow.
 * Secrets are scrubbed again here, in case an error from outside the API layer carried one.
 */
export function formatError(
  error: unknown,
  options: { debug: boolean; secrets: readonly string[] },
): string {
  const err = error instanceof Error ? error : new Error(String(error));
  const message = BUILT_IN_ERRORS.has(err.name)
    ? `${err.message} (unexpected ${err.name}: rerun with --debug for details, and report it if it persists)`
    : err.message;
  const lines = [`content-review: ${message}`];
  if (options.debug) {
    lines.push(err.stack ?? `${err.name}: ${err.message}`);
    let cause = err.cause;
    for (let depth = 0; cause !== undefined && depth < 5; depth++) {
      const c = cause instanceof Error ? cause : new Error(String(cause));
      lines.push(`caused by: ${c.stack ?? c.message}`);
      cause = c.cause;
    }
  }
  return `${redact(lines.join("\n"), options.secrets)}\n`;
}
