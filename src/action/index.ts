// The Action's entry (action.yml runs dist/index.js, bundled from here): run() reports every
// failure with setFailed itself.
import { keepYoungGeneration } from "../shared/index.ts";
import { run } from "./run.ts";

// A review of thousands of files needs no more memory than one of hundreds (docs/action.md).
keepYoungGeneration();
await run();
