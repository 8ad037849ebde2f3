// Which test files run each in a fresh worker (vitest's `isolate`), and which share workers. A
// shared worker loads the source modules once for many files, which saves most of the start-up
// of the 200-odd files. A file needs a fresh worker when it changes what outlives it in the
// process and is not undone after it: module mocks, the process's exit code, environment or
// listeners, globals it assigns. Fake timers, spies and `vi.stub*` are undone after every file
// (test/setup/restore-test-doubles.ts). nock's interception of node:http stays on once loaded:
// the files that use it share workers among themselves only, its mocks and net-connect rules
// reset after each (test/setup/reset-nock.ts). Decided from each file's text, so a new test
// that does any of these lands in the right place without a list to keep.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** What in a test file's text keeps it in a worker of its own. */
export const NEEDS_OWN_WORKER: readonly RegExp[] = Object.freeze([
  /\bvi\.(mock|doMock|hoisted)\b/,
  /process\.exitCode\s*=(?!=)/,
  /process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|Object\.assign\(process\.env/,
  /process\.(chdir|on|once|addListener|prependListener|prependOnceListener|umask)\(/,
  /(globalThis|global)\.\w+\s*=(?!=)|setGlobalDispatcher/,
  /\b(Date|Math|JSON|console|process)\.\w+\s*=(?!=)/,
]);

/** What in a test file's text puts it with the other files that intercept node:http. */
export const USES_NOCK = /\bfrom "nock"|github-nock/;

/** Where a test file runs: a worker of its own, the workers of the nock files, or shared ones. */
export type TestFileGroup = "own-worker" | "nock" | "shared";

/** The group of a test file, from its text. */
export function testFileGroup(source: string): TestFileGroup {
  if (NEEDS_OWN_WORKER.some((pattern) => pattern.test(source))) return "own-worker";
  return USES_NOCK.test(source) ? "nock" : "shared";
}

/** The `*.test.ts` files under `dir` (relative to `root`) in `group`, sorted. */
export function testFilesIn(group: TestFileGroup, root: string, dir = "test"): string[] {
  return (readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }) as string[])
    .filter((path) => path.endsWith(".test.ts"))
    .map((path) => join(dir, path))
    .filter((path) => testFileGroup(readFileSync(join(root, path), "utf8")) === group)
    .map((path) => relative(root, join(root, path)))
    .sort();
}
