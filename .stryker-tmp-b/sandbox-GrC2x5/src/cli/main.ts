// @ts-nocheck
import { CommanderError } from "commander";
import { type CliIo, processIo } from "./cli-io.ts";
import { createCommandContext, type RunState } from "./command-context.ts";
import { createProgram } from "./create-program.ts";
import { exitCodeForError } from "./exit-code-for-error.ts";
import { formatError } from "./format-error.ts";

/**
 * Runs `content-review` with `argv` (the arguments after the program name) and returns the exit
 * code; it never calls `process.exit`, so tests run it in-process with their own streams.
 *
 * @example
 * const code = await main(["status", id, "--json"], { stdout, stderr, env, cwd });
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const state: RunState = { exitCode: 0, secrets: [] };
  const program = createProgram(createCommandContext(io, state));
  try {
    await program.parseAsync([...argv], { from: "user" });
    return state.exitCode;
  } catch (error) {
    // Commander has already printed its own usage message (and help hint).
    if (!(error instanceof CommanderError)) {
      const debug = program.opts().debug === true || argv.includes("--debug");
      io.stderr.write(formatError(error, { debug, secrets: state.secrets }));
    }
    return exitCodeForError(error);
  }
}
