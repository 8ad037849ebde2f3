import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testFilesIn } from "./test/setup/test-file-groups.ts";

// The reliability runs and the slow rehearsals (a whole release in a scratch clone) have
// their own config and script: npm run test:reliability, which CI runs after npm test.
const EXCLUDE = ["test/**/*.reliability.test.ts", "test/**/*.slow.test.ts", "**/node_modules/**"];
const ROOT = fileURLToPath(new URL(".", import.meta.url));
const OWN_WORKER = testFilesIn("own-worker", ROOT);
const NOCK = testFilesIn("nock", ROOT);

export default defineConfig({
  test: {
    globalSetup: [
      "test/setup/private-tmpdir.ts",
      "test/setup/node-compile-cache.ts",
      "test/setup/chromium-notice.ts",
      "test/setup/postgres-availability.ts",
    ],
    setupFiles: [
      "test/setup/quiet-workflow-commands.ts",
      "test/setup/file-teardowns.ts",
      "test/setup/restore-test-doubles.ts",
    ],
    pool: "forks",
    // A guard against a hang, not a check of speed: the Action's end-to-end files run several
    // built Actions at once, and with two copies of the suite on two cores one takes minutes.
    // What a test says about time it says from its own work or a fake clock.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Tests start real servers on random loopback ports and mostly wait on them and on child
    // processes: three workers keep the two cores busy (about 95 s against 120 s with two).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // Files that leave nothing behind in the process share workers (test/setup/test-file-groups.ts).
        test: {
          name: "shared",
          include: ["test/**/*.test.ts"],
          exclude: [...EXCLUDE, ...OWN_WORKER, ...NOCK],
          isolate: false,
        },
      },
      {
        extends: true,
        // nock intercepts node:http once loaded: its files share workers among themselves.
        test: {
          name: "nock",
          include: NOCK,
          exclude: EXCLUDE,
          isolate: false,
          setupFiles: ["test/setup/reset-nock.ts"],
        },
      },
      {
        extends: true,
        test: { name: "isolated", include: OWN_WORKER, exclude: EXCLUDE, isolate: true },
      },
    ],
  },
});
