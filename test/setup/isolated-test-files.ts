// Which test files run each in a fresh worker (vitest's `isolate`). The others share workers:
// a worker then loads the source modules once for many files, which saves most of the start-up
// of the 200-odd files. A file needs a fresh worker when it changes what outlives it in the
// process and is not undone after it: module mocks, nock's interception of node:http, the
// process's exit code, environment or listeners, globals it assigns. Fake timers, spies and
// `vi.stub*` are undone after every file (test/setup/restore-test-doubles.ts). Decided from each
// file's text, so a new test that does any of these gets its own worker without a list to keep.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** What in a test file's text keeps it in a worker of its own. */
export const NEEDS_OWN_WORKER: readonly RegExp[] = Object.freeze([
  /\bvi\.(mock|doMock|hoisted)\b/,
  /\bnock\b|github-nock/,
  /process\.exitCode\s*=(?!=)/,
  /process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env/,
  /process\.(chdir|on|once|prependListener|umask)\(/,
  /(globalThis|global)\.\w+\s*=(?!=)|setGlobalDispatcher/,
]);

/** True when `source` (a test file's text) needs a worker of its own. */
export function needsOwnWorker(source: string): boolean {
  return NEEDS_OWN_WORKER.some((pattern) => pattern.test(source));
}

/** The `*.test.ts` files under `dir` (relative to `root`) that need a worker of their own. */
export function isolatedTestFiles(root: string, dir = "test"): string[] {
  return (readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }) as string[])
    .filter((path) => path.endsWith(".test.ts"))
    .map((path) => join(dir, path))
    .filter((path) => needsOwnWorker(readFileSync(join(root, path), "utf8")))
    .map((path) => relative(root, join(root, path)))
    .sort();
}
