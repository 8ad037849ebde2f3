/**
 * Loaded into a bin with `--import`: holds the load of its bundle (the first import of a `dist/`
 * file, which the bin makes after its own first lines) until the process that started the bin is
 * gone, having told that process to go (a line on fd 3). The parent's exit then falls inside the
 * bin's start-up every time, without any timing. Used through `launch-and-leave.ts`.
 */
import { writeSync } from "node:fs";
import { registerHooks } from "node:module";

const starter = process.ppid;
let held = false;

function holdUntilStarterGone(): void {
  writeSync(3, "loading the bundle\n");
  // The starter exits as soon as it reads the line; bounded at 10 s all the same.
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; process.ppid === starter && waited < 10_000; waited += 10) {
    Atomics.wait(cell, 0, 0, 10);
  }
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!held && /(^|\/)dist\//.test(specifier)) {
      held = true;
      holdUntilStarterGone();
    }
    return nextResolve(specifier, context);
  },
});
