// @ts-nocheck
// The Action's entry (action.yml runs dist/index.js, bundled from here): run() reports every
// failure with setFailed itself.
import { run } from "./run.ts";

await run();
