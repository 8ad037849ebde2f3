import { main } from "../../../relay/bin.ts";
import { type InProcessRun, runMainInProcess } from "../../helpers/run-main-in-process.ts";

/**
 * Runs the relay's `main` in this process with `env` (on 127.0.0.1, a free port) and `argv`,
 * for the cases that end before the relay serves: settings refused, arguments, a port or host
 * that cannot be listened on. What the executable adds (its entry check, the real exit) keeps
 * its own process tests in bin.test.ts; these go through the same `main` without the start-up.
 */
export function runRelayMain(
  env: Record<string, string>,
  argv: readonly string[] = [],
): Promise<InProcessRun> {
  return runMainInProcess(() => main({ HOST: "127.0.0.1", PORT: "0", ...env }, {}, argv));
}
