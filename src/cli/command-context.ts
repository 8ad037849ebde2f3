import type { Command } from "commander";
import type { CliIo } from "./cli-io.ts";
import { createSession, type GlobalOptions, type Session } from "./create-session.ts";
import { unknownVariablesWarning } from "./unknown-variables-warning.ts";

/** The commands a command is nested in, nearest first (the program last). */
function ancestors(command: Command): Command[] {
  const found: Command[] = [];
  for (let c = command.parent; c !== null; c = c.parent) found.push(c);
  return found;
}

/** What every command registration receives: the process edges and a way to run an action. */
export interface CommandContext {
  readonly io: CliIo;
  /**
   * Runs an action with a session built from the command's options (program options included).
   * The action returns its exit code (default 0); errors propagate to `main`.
   */
  run(
    command: Command,
    action: (session: Session) => Promise<number | undefined> | Promise<void>,
  ): Promise<void>;
}

/** The outcome of a run, filled in by {@link CommandContext.run}. */
export interface RunState {
  exitCode: number;
  /** Secret values to scrub from any error printed (the API key and Slack token once known). */
  readonly secrets: string[];
}

export function createCommandContext(io: CliIo, state: RunState): CommandContext {
  return {
    io,
    async run(command, action) {
      const options = command.optsWithGlobals<GlobalOptions>();
      if (options.apiKey) state.secrets.push(options.apiKey);
      // The Slack token (insights report) is scrubbed too, should a library ever echo it.
      for (const name of ["CONTENT_REVIEW_API_KEY", "SLACK_TOKEN"] as const) {
        const value = io.env[name];
        if (value) state.secrets.push(value);
      }
      // Every run, whatever the command: a variable that is not read would otherwise be ignored
      // without a word (CONTENT_REVIEW_FAIL_ON=major, and the gate passes at critical).
      const flags = [command, ...ancestors(command)].flatMap((c) => c.options.map((o) => o.long));
      const warning = unknownVariablesWarning(
        io.env,
        flags.filter((f) => f !== undefined),
      );
      if (warning !== null) io.stderr.write(warning);
      const session = createSession(io, options);
      try {
        const code = await action(session);
        state.exitCode = typeof code === "number" ? code : 0;
      } finally {
        session.progress.stop();
      }
    },
  };
}

/** Adds an `Examples:` section to a command's help. Every command has one (issue 6). */
export function withExamples(command: Command, examples: readonly string[]): Command {
  return command.addHelpText(
    "after",
    `\nExamples:\n${examples.map((example) => `  $ ${example}`).join("\n")}\n`,
  );
}
