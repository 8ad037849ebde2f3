import { defineConfig } from "vitest/config";

// The tests Stryker runs (`npm run test:mutation`): the in-process tests of the mutated modules,
// which scripts/mutation.ts lists in MUTATION_TEST_FILES. Never the end-to-end tests: they run the
// built dist/ in child processes, where a mutant in src/ is invisible, and take seconds each.
const files = process.env["MUTATION_TEST_FILES"]?.split(",").filter((file) => file !== "");
if (files === undefined || files.length === 0) {
  throw new Error(
    "vitest.mutation.config.ts: run it through `npm run test:mutation`, which names the tests",
  );
}

export default defineConfig({
  test: {
    include: files,
    exclude: ["**/node_modules/**", "test/e2e/**"],
    globalSetup: [
      "test/setup/private-tmpdir.ts",
      "test/setup/node-compile-cache.ts",
      // Whether the test Postgres answers, asked once (test/relay/helpers/postgres.ts reads it).
      "test/setup/postgres-availability.ts",
    ],
    setupFiles: ["test/setup/quiet-workflow-commands.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
