// Global setup: asks the test Postgres once per run whether it answers (and prints the one
// notice, or fails under CI), and hands the answer to every file through `inject`. Each file
// then takes its schemas from test/relay/helpers/postgres.ts, which drops them when done.
import type { TestProject } from "vitest/node";
import { checkPostgres } from "../relay/helpers/check-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Whether the test Postgres answered at the start of the run. */
    postgresAvailable: boolean;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide("postgresAvailable", await checkPostgres());
}
