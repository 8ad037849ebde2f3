import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests start real servers on random loopback ports; keep parallelism to the two cores here.
    maxWorkers: 2,
  },
});
