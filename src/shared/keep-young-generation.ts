import { setFlagsFromString } from "node:v8";

/**
 * Keeps V8's young generation at the size it has when a run starts, for the tools that run once
 * over many files (the Action, the CLI). V8 doubles the young generation (up to 64 MiB) whenever
 * the objects that outlived its collections since it last grew add up to its size: whatever
 * they are, requests in flight included, so the count only grows with the work. Measured with
 * `--trace-gc-nvp` on the Action's review of 3,000 files, it went from 8 to 64 MiB though no
 * more than about 6 KB a file stayed alive; a run of 300 files stopped at 16 MiB. A tool that
 * waits on the network gains nothing from the larger one (bench/memory has the times), while a
 * runner shares its memory with the rest of the job. The relay and the emulator, servers that
 * run for days, keep V8's default.
 */
export function keepYoungGeneration(): void {
  // Read by V8 each time it would grow the young generation: a factor of 1 keeps its size.
  setFlagsFromString("--semi-space-growth-factor=1");
}
