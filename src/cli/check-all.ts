import { CliUsageError, isCliUsageError, type UsageProblem } from "./cli-usage-error.ts";

/**
 * Runs every check, and returns their results when all pass; otherwise throws one
 * {@link CliUsageError} naming every problem of every check that failed, in order. A check
 * that throws anything else ends it at once.
 */
export function checkAll<const T extends readonly (() => unknown)[]>(
  checks: T,
): { -readonly [K in keyof T]: ReturnType<T[K]> } {
  const results: unknown[] = [];
  const problems: UsageProblem[] = [];
  for (const check of checks) {
    try {
      results.push(check());
    } catch (error) {
      if (!isCliUsageError(error)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw CliUsageError.of(problems);
  return results as { -readonly [K in keyof T]: ReturnType<T[K]> };
}

/** {@link checkAll} for checks that wait (files, folders): run in turn, every problem named. */
export async function checkAllAsync(checks: readonly (() => Promise<void>)[]): Promise<void> {
  const problems: UsageProblem[] = [];
  for (const check of checks) {
    try {
      await check();
    } catch (error) {
      if (!isCliUsageError(error)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw CliUsageError.of(problems);
}
