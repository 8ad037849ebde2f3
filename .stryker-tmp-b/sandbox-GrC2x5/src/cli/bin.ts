// @ts-nocheck
// The `content-review` executable: runs main() on this process and sets its exit code.
// Tests import main() from ./index.ts instead; importing this file runs the CLI.
import { processIo } from "./cli-io.ts";
import { InterruptedError } from "./interrupted-error.ts";
import { main } from "./main.ts";

// A reader that stops early (`content-review --help | head -1`) closes the pipe: that ends the
// output, not the command, so it is neither a crash nor an error to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
}

// The first Ctrl+C (or SIGTERM from a CI cancelling the job) stops the run cleanly, so a review
// still reports what it has; a second Ctrl+C quits at once.
const controller = new AbortController();
const interrupt = (signal: NodeJS.Signals) => {
  process.stderr.write(
    `\ncontent-review: ${signal} received; stopping (Ctrl+C again quits at once)\n`,
  );
  controller.abort(new InterruptedError(signal));
  process.once("SIGINT", () => process.exit(130));
};
process.once("SIGINT", interrupt);
process.once("SIGTERM", interrupt);

void main(process.argv.slice(2), processIo(controller.signal)).then((code) => {
  process.exitCode = code;
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
});
