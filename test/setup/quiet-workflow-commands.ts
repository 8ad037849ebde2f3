// Setup of each test file: `@actions/core` writes workflow commands straight to stdout, and
// `@actions/glob` logs its options as `::debug::` lines, which would land between vitest's own
// lines when the Action's modules run in-process. A runner hides them unless step debugging is
// on; so does the test run. (Tests of the Action's log run dist/index.js as a child process and
// read its stdout there.)
// Files that share a worker run this once each: the filter is put in place once per process.
const QUIET = Symbol.for("content-review.quiet-workflow-commands");
const stdout = process.stdout as typeof process.stdout & { [QUIET]?: true };
if (stdout[QUIET] === undefined) {
  stdout[QUIET] = true;
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: unknown, ...rest: never[]) =>
    typeof chunk === "string" && chunk.startsWith("::debug::")
      ? true
      : write(chunk as string, ...rest)) as typeof process.stdout.write;
}
