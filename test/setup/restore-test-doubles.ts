// Setup of each test file: the test doubles a file may leave on (fake timers and a set system
// time, spies, stubbed globals and environment variables) are undone after its last hook, so a
// file that uses them shares a worker with the next file (test/setup/test-file-groups.ts).
import { afterAll, vi } from "vitest";

// Spies first: a spy on a faked timer function would otherwise put the fake back after the
// real timers are.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
