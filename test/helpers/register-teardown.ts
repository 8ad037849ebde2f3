import { onTestFinished } from "vitest";

type Teardown = () => unknown;

/** Teardowns registered outside a test (in `beforeAll` or at a file's top level), newest last. */
const fileTeardowns: Teardown[] = [];

/**
 * Registers `teardown` with the set-up that made what it undoes: inside a test (or its
 * `beforeEach`) it runs when that test finishes; in `beforeAll` or at a file's top level it runs
 * after the file's own `afterAll` hooks (test/setup/file-teardowns.ts). Newest first, as a
 * stack: a relay stops before the fake Slack it posts to.
 */
export function registerTeardown(teardown: Teardown): void {
  try {
    onTestFinished(async () => {
      await teardown();
    });
  } catch {
    // "can only be called inside a test": the file owns it.
    registerFileTeardown(teardown);
  }
}

/** Registers `teardown` to run after the file's own `afterAll` hooks, wherever it is called. */
export function registerFileTeardown(teardown: Teardown): void {
  fileTeardowns.push(teardown);
}

/** Runs the file's teardowns, newest first; every one runs, the first failure is thrown. */
export async function runFileTeardowns(): Promise<void> {
  const failures: unknown[] = [];
  for (let teardown = fileTeardowns.pop(); teardown; teardown = fileTeardowns.pop()) {
    try {
      await teardown();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
