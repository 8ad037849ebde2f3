import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { CliUsageError } from "./cli-usage-error.ts";

/**
 * Writes a report or secret file, creating its folder. `mode` 0o600 keeps secrets private;
 * `exclusive` refuses to replace an existing file. Failures name the file and what to do.
 */
export async function writeOutputFile(
  cwd: string,
  path: string,
  content: string,
  options: { mode?: number; exclusive?: boolean; input?: string } = {},
): Promise<string> {
  const full = resolve(cwd, path);
  try {
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content, {
      encoding: "utf8",
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      flag: options.exclusive ? "wx" : "w",
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "EEXIST"
        ? "it already exists; choose another path or remove it first"
        : `${code ?? (error as Error).message}; check that the folder is writable`;
    throw new CliUsageError(`Cannot write ${path}: ${why}.`, {
      input: options.input ?? "--output",
      cause: error,
    });
  }
  return full;
}
