import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: [
      "test/setup/private-tmpdir.ts",
      "test/setup/node-compile-cache.ts",
      "test/setup/chromium-notice.ts",
    ],
    setupFiles: ["test/setup/quiet-workflow-commands.ts"],
    // The reliability runs and the slow rehearsals (a whole release in a scratch clone) have
    // their own config and script: npm run test:reliability, which CI runs after npm test.
    exclude: ["test/**/*.reliability.test.ts", "test/**/*.slow.test.ts", "**/node_modules/**"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests start real servers on random loopback ports and mostly wait on them and on child
    // processes: three workers keep the two cores busy (about 95 s against 120 s with two).
    maxWorkers: 3,
  },
});
