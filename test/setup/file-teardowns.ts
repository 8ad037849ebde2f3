// Setup of each test file: what shared set-up started outside a test (a relay, a fake Slack, an
// emulator, a Postgres schema in `beforeAll`) is stopped after the file's own `afterAll` hooks.
// See test/helpers/register-teardown.ts.
import { afterAll } from "vitest";
import { runFileTeardowns } from "../helpers/register-teardown.ts";

afterAll(runFileTeardowns);
