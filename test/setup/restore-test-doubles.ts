// Setup of each test file: the test doubles a file may leave on (fake timers and a set system
// time, spies, stubbed globals and environment variables) are undone after its last hook, so a
// file that uses them shares a worker with the next file (test/setup/test-file-groups.ts).
import { afterAll, vi } from "vitest";

/** The timer globals fake timers replace, as the worker had them before any test file ran. */
const TIMER_GLOBALS = [
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "setImmediate",
  "clearImmediate",
  "Date",
] as const;
type TimerGlobals = Pick<typeof globalThis, (typeof TIMER_GLOBALS)[number]>;

// Taken once per worker, when the first file's set-up runs: later files may find fakes.
const REAL_TIMERS = Symbol.for("content-review.test.real-timers");
const holder = globalThis as typeof globalThis & { [REAL_TIMERS]?: TimerGlobals };
holder[REAL_TIMERS] ??= Object.fromEntries(
  TIMER_GLOBALS.map((name) => [name, globalThis[name]]),
) as unknown as TimerGlobals;
const realTimers = holder[REAL_TIMERS];

afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // A spy on a faked timer function (vi.spyOn(globalThis, "setTimeout") under fake timers) is
  // restored once more by restoreAllMocks, to the fake it wrapped, after useRealTimers has run:
  // the worker's own timers are put back whatever a file did.
  Object.assign(globalThis, realTimers);
});
