import { type Command, InvalidArgumentError, Option } from "commander";
import { REVIEW_DEFAULTS } from "../pipeline/index.ts";
import { CliUsageError } from "./cli-usage-error.ts";
import { collectList } from "./option-parsers.ts";
import type { WaitSettings } from "./wait-with-progress.ts";

function positiveSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n <= 0) {
    throw new InvalidArgumentError("Expected a number of seconds greater than 0.");
  }
  return n;
}

/** Adds `--timeout` and `--poll-interval` to a command that waits for a submission. */
export function addWaitOptions(command: Command): Command {
  return command
    .addOption(
      new Option("--timeout <seconds>", "give up waiting after this long")
        .argParser(positiveSeconds)
        .default(REVIEW_DEFAULTS.timeoutMinutes * 60),
    )
    .addOption(
      new Option("--poll-interval <seconds>", "first interval between polls; it doubles up to 30 s")
        .argParser(positiveSeconds)
        .default(2),
    );
}

/** The wait settings from a command's options. */
export function waitSettings(options: { timeout: number; pollInterval: number }): WaitSettings {
  return { timeoutSeconds: options.timeout, pollIntervalSeconds: options.pollInterval };
}

/** Adds the repeatable `--sidekick <id>` option. */
export function addSidekickOption(command: Command): Command {
  return command.option(
    "--sidekick <id>",
    "reviewer to run; repeat or comma-separate (default: $CONTENT_REVIEW_SIDEKICKS)",
    collectList,
  );
}

/** Sidekick ids from `--sidekick`, else `CONTENT_REVIEW_SIDEKICKS`; at least one (part 4.3). */
export function resolveSidekicks(
  flag: readonly string[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const ids = flag?.length ? [...flag] : collectList(env.CONTENT_REVIEW_SIDEKICKS ?? "");
  if (ids.length === 0) {
    throw new CliUsageError(
      `No sidekick given: every submission names at least one reviewer. Pass --sidekick ID (repeatable) or set CONTENT_REVIEW_SIDEKICKS=id1,id2.`,
      { input: "--sidekick" },
    );
  }
  return ids;
}
