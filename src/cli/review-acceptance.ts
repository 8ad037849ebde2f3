import { resolve } from "node:path";
import type { Command } from "commander";
import { type AcceptedFile, readAcceptedFile } from "../acceptance/index.ts";
import type { OutcomeAcceptance } from "../pipeline/index.ts";
import { CliUsageError } from "./cli-usage-error.ts";

/** Adds `--accepted FILE` to `review`. */
export function addAcceptedOption(command: Command): void {
  command.option(
    "--accepted <file>",
    "accepted findings (the Action's .content-review/accepted.yml): the issues it accepts are listed but never fail the run",
  );
}

/**
 * The accepted file `--accepted` names, read as of `now`, or undefined without the option. Each
 * bad entry is an error line naming the file and line (the entry counts for nothing, the rest
 * applies); a named file that does not exist is a usage error.
 */
export async function readCliAcceptance(
  option: string | undefined,
  cwd: string,
  now: Date,
  stderr: { write(text: string): unknown },
): Promise<AcceptedFile | undefined> {
  if (option === undefined) return undefined;
  const file = await readAcceptedFile(resolve(cwd, option), option, now);
  if (file === undefined)
    throw new CliUsageError(
      `--accepted ${option}: no such file. Name the accepted findings file, e.g. --accepted .content-review/accepted.yml.`,
      { input: "--accepted" },
    );
  for (const problem of file.problems)
    stderr.write(`content-review: error: ${file.path}:${problem.line}: ${problem.message}\n`);
  return file;
}

/** A notice line per entry that accepts nothing in this run: it can be removed. */
export function reportUnmatched(
  acceptance: OutcomeAcceptance | null | undefined,
  stderr: { write(text: string): unknown },
): void {
  for (const { entry, why } of acceptance?.unmatched ?? [])
    stderr.write(
      `content-review: notice: ${acceptance!.file.path}:${entry.line}: this entry accepts nothing in this run: ${why}. It can be removed.\n`,
    );
}
