// The `content-review` executable: runs main() on this process and sets its exit code.
// Tests import main() from ./index.ts instead; importing this file runs the CLI.
import {
  keepYoungGeneration,
  onOutputClosed,
  recordLaunchParentPid,
  stopWhenParentExits,
} from "../shared/index.ts";
import { processIo } from "./cli-io.ts";
import { InterruptedError } from "./interrupted-error.ts";
import { main } from "./main.ts";

// Kept if bin/content-review.js or npm-run-bin.ts recorded it earlier, before this module loaded.
recordLaunchParentPid();

// A review of thousands of files needs no more memory than one of hundreds (docs/cli.md).
keepYoungGeneration();

// A reader that stops early (`content-review review media/ --json | head`) closes the pipe: that
// ends the output, not the command. The rest of the output is dropped, and the exit code stays
// the verdict's (1 for findings), as with `gh`: under `set -o pipefail` a closed stdout must not
// turn a failing gate into a pass, nor into a crash. Documented in docs/cli.md, "Exit codes".
onOutputClosed([process.stdout, process.stderr]);

// The first Ctrl+C (or SIGTERM from a CI cancelling the job) stops the run cleanly, so a review
// still reports what it has; a second Ctrl+C quits at once.
const controller = new AbortController();
const interrupt = (signal: NodeJS.Signals, why = `${signal} received`) => {
  // Already stopping (a SIGTERM after a Ctrl+C, or the parent's end after either): say it once.
  if (controller.signal.aborted) return;
  process.stderr.write(`\ncontent-review: ${why}; stopping (Ctrl+C again quits at once)\n`);
  controller.abort(new InterruptedError(signal));
  process.once("SIGINT", () => process.exit(130));
};
process.once("SIGINT", () => interrupt("SIGINT"));
process.once("SIGTERM", () => interrupt("SIGTERM"));
// `kill` of the npx pid reaches sh, not this process: its end stops the run as SIGTERM would,
// in its own words (no SIGTERM was received).
const unwatch = stopWhenParentExits(() => interrupt("SIGTERM", "its parent process ended"));

void main(process.argv.slice(2), processIo(controller.signal)).then((code) => {
  unwatch();
  process.exitCode = code;
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
});
