import { stripVTControlCharacters } from "node:util";

/** A failing test in vitest's output: `FAIL file > suite > name` (stderr), `× name` (stdout). */
const FAILING = [/^\s*FAIL\s+(.+?)\s*$/, /^\s*×\s+(.+?)(?:\s+\d+m?s)?\s*$/] as const;
/** vitest's summary lines. */
const SUMMARY = /^\s*(?:Test Files|Tests)\s+\d/;
/** How much of each stream is shown when no failing test can be named (the failing step's end). */
const TAIL_LINES = 40;

const lines = (text: string) => stripVTControlCharacters(text).split("\n");

/**
 * What a failed `npm test` printed that says what failed: the failing tests and vitest's summary
 * when vitest ran (its names go to stdout, their errors to stderr), else the end of both streams
 * (a lint, type or dist check that stopped the run before the tests).
 */
export function testRunReport(stdout: string, stderr: string): string {
  const all = [...lines(stdout), ...lines(stderr)];
  // The FAIL lines name the file and suites; the × lines only the test, when no FAIL line came.
  const named = (pattern: RegExp) => [...new Set(all.flatMap((l) => pattern.exec(l)?.[1] ?? []))];
  const failing = named(FAILING[0]).length > 0 ? named(FAILING[0]) : named(FAILING[1]);
  const summary = all.filter((line) => SUMMARY.test(line)).map((line) => line.trim());
  if (failing.length > 0) {
    return [
      `Failing tests (${failing.length}):`,
      ...failing.map((name) => `  ${name}`),
      ...summary,
      "Run npm test to see each failure whole.",
    ].join("\n");
  }
  const tail = (text: string) =>
    lines(text).join("\n").trim().split("\n").slice(-TAIL_LINES).join("\n");
  return [tail(stderr), tail(stdout)].filter((t) => t !== "").join("\n");
}
