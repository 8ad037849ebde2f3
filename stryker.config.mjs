// StrykerJS: mutation testing of the modules that decide verdicts (issue 19). `npm run test:mutation`
// runs it through scripts/mutation.ts, which adds the modules to mutate (--mutate) and their test
// files (--testFiles). Not part of `npm test` or CI: it takes minutes.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false, pool: "forks" },
  checkers: ["typescript"],
  // The checker only needs the code that imports the mutated modules, not the tests and benches.
  tsconfigFile: "tsconfig.mutation.json",
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: "perTest",
  // The CPU is shared: one test runner and the checker.
  concurrency: 1,
  reporters: ["clear-text", "progress-append-only", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  ignorePatterns: ["dist", "samples", "coverage", "reports", "try-action-output", "data"],
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null },
};
