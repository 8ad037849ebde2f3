import { defineConfig } from "vitest/config";

// The reliability runs (relay processes under load, SIGKILLed, with failing and stalling
// destinations) and the slow rehearsals (`*.slow.test.ts`: a whole release in a scratch clone).
// `npm run test:reliability`; `npm test` leaves them out (they take a while).
export default defineConfig({
  test: {
    include: ["test/**/*.reliability.test.ts", "test/**/*.slow.test.ts"],
    // Whether the test Postgres answers, asked once (test/relay/helpers/postgres.ts reads it).
    globalSetup: ["test/setup/postgres-availability.ts"],
    // What shared set-up started in beforeAll stops after the file (test/helpers/register-teardown.ts).
    setupFiles: ["test/setup/file-teardowns.ts"],
    pool: "forks",
    testTimeout: 500_000,
    hookTimeout: 60_000,
    // Each run mostly waits on its processes: the runs go side by side.
    maxWorkers: 3,
  },
});
