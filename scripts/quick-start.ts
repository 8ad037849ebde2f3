// `npm start`: the README's quick start. Starts the emulator, reviews samples/ with
// `content-review review samples/` twice (first with the emulator's live key, then with its
// sandbox key), stops the emulator, and exits with the reviews' exit code.
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../emulator/index.ts";
import { processIo } from "../src/cli/cli-io.ts";
import { main } from "../src/cli/index.ts";
import { InterruptedError } from "../src/cli/interrupted-error.ts";
import { onOutputClosed } from "../src/shared/index.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cwd = process.env.INIT_CWD ?? process.cwd();
const samples = relative(cwd, join(root, "samples")) || ".";
const argv = ["review", `${samples}/`, "--sidekick", "brand-safety"];

// A reader that stops early (`npm start | head`) ends the output, not the run: the emulator is
// still closed, and its folder of uploaded bytes removed.
onOutputClosed([process.stdout, process.stderr]);
// Ctrl+C (or SIGTERM) stops the review as it stops `content-review` (exit 130); the emulator is
// closed after it, so that nothing stays in the temp folder. `npm start` hands a terminal's
// Ctrl+C on, so one keypress arrives twice: the handler stays, and a repeat changes nothing.
const controller = new AbortController();
const interrupt = (signal: NodeJS.Signals) => {
  if (!controller.signal.aborted) controller.abort(new InterruptedError(signal));
};
process.on("SIGINT", interrupt);
process.on("SIGTERM", interrupt);

const say = (text: string) => process.stdout.write(`${text}\n`);
const emu = await startEmulator({ port: 0, processingSeconds: 1 });
let code = 0;
try {
  say(`The emulator is listening on ${emu.baseUrl}.`);
  for (const [kind, key] of [
    ["live", emu.liveKey],
    ["sandbox", emu.sandboxKey],
  ] as const) {
    if (controller.signal.aborted) break;
    say(`\n$ content-review ${argv.join(" ")}    # ${kind} key (${key.slice(0, 8)}...)`);
    code = await main(argv, {
      ...processIo(controller.signal),
      cwd,
      env: { ...process.env, CONTENT_REVIEW_BASE_URL: emu.baseUrl, CONTENT_REVIEW_API_KEY: key },
    });
    say(`exit code ${code}`);
  }
} finally {
  await emu.close();
  process.removeListener("SIGINT", interrupt);
  process.removeListener("SIGTERM", interrupt);
}
process.exitCode = code;
