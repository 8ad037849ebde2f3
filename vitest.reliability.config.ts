import { defineConfig } from "vitest/config";

// The reliability runs (relay processes under load, SIGKILLed, with failing and stalling
// destinations) and the slow rehearsals (`*.slow.test.ts`: a whole release in a scratch clone,
// the package packed and installed offline, the Action on a 3,000-file pull request, the
// young-generation probes of the Action and the CLI on 1,000 files).
// `npm run test:reliability`; `npm test` leaves them out (they take a while).
export default defineConfig({
  test: {
    include: ["test/**/*.reliability.test.ts", "test/**/*.slow.test.ts"],
    // As npm test's: a private TMPDIR for the run, Node's compile cache for every process it
    // starts, and whether the test Postgres answers, asked once (test/relay/helpers/postgres.ts).
    globalSetup: [
      "test/setup/private-tmpdir.ts",
      "test/setup/node-compile-cache.ts",
      "test/setup/postgres-availability.ts",
    ],
    // What shared set-up started in beforeAll stops after the file (test/helpers/register-teardown.ts).
    setupFiles: ["test/setup/file-teardowns.ts"],
    pool: "forks",
    testTimeout: 500_000,
    hookTimeout: 120_000,
    // Each run mostly waits on its processes: the runs go side by side.
    maxWorkers: 3,
  },
});
