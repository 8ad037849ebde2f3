import { constants } from "node:fs";
import { access, realpath, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { formatCount } from "../shared/format-count.ts";
import { MAX_PATH_LENGTH, makeFolder, writeFileAtomically } from "../shared/index.ts";
import { CliUsageError } from "./cli-usage-error.ts";

function why(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EEXIST") return "it already exists; choose another path or remove it first";
  if (code === "EISDIR") return "it is a folder; name a file inside it instead";
  if (code === "EREVIEWED") return "it is one of the files under review; choose another path";
  if (code === "ENOTDIR") {
    const file = (error as NodeJS.ErrnoException).path;
    return `part of its folder path${file ? ` (${file})` : ""} is a file, not a folder; choose another path`;
  }
  if (code === "ENAMETOOLONG") {
    return `the path is too long (the system takes ${formatCount(MAX_PATH_LENGTH)} characters, and 255 per name); choose a shorter path`;
  }
  if (code === "ENOENT") {
    return "its folder cannot be created there (the file system refuses new folders); choose a path in a folder you can write to";
  }
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    return "its folder is not writable; choose a path in a folder you can write to";
  }
  if (code === "ENOSPC" || code === "EDQUOT") {
    return "the disk is full; free some space or choose a folder on another disk";
  }
  return `${code ?? (error as Error).message}; check that the folder exists and is writable`;
}

/**
 * Writes a report or secret file, creating its folder; all at once (see `writeFileAtomically`):
 * a failure leaves no part of a file. `content` may come in chunks (a large report). `mode`
 * 0o600 keeps secrets private; `exclusive` refuses to replace an existing file. Failures name
 * the file and what to do.
 */
export async function writeOutputFile(
  cwd: string,
  path: string,
  content: string | Iterable<string>,
  options: { mode?: number; exclusive?: boolean; input?: string } = {},
): Promise<string> {
  const full = resolve(cwd, path);
  try {
    await writeFileAtomically(full, content, {
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      ...(options.exclusive === undefined ? {} : { exclusive: options.exclusive }),
    });
  } catch (error) {
    throw new CliUsageError(`Cannot write ${path}: ${why(error)}.`, {
      input: options.input ?? "--output",
      cause: error,
    });
  }
  return full;
}

/**
 * Checks, before any work that costs credits, that {@link writeOutputFile} will be able to write
 * `path`: its folder can be created and written to, and the path is not a folder. So a review
 * never runs, and charges, only to lose its report to a typo in `--output`. `reviewed` (absolute
 * paths) are the files a review reads: a report written over one of them would replace the media.
 */
export async function checkOutputFile(
  cwd: string,
  path: string,
  options: { input?: string; consequence?: string; reviewed?: readonly string[] } = {},
): Promise<void> {
  const full = resolve(cwd, path);
  const reviewed = new Set(options.reviewed);
  try {
    // Created now, level by level (never Node's recursive mkdir, which loops on /proc/x/y).
    await makeFolder(dirname(full));
    await access(dirname(full), constants.W_OK);
    // Only "not there yet" is fine: a name over 255 bytes (ENAMETOOLONG) must stop the run now.
    const existing = await stat(full).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (existing?.isDirectory()) {
      throw Object.assign(new Error(`${path} is a folder`), { code: "EISDIR" });
    }
    if (existing && (reviewed.has(full) || reviewed.has(await realpath(full)))) {
      throw Object.assign(new Error(`${path} is under review`), { code: "EREVIEWED" });
    }
    if (existing) await access(full, constants.W_OK);
  } catch (error) {
    const consequence = options.consequence ? ` ${options.consequence}` : "";
    throw new CliUsageError(`Cannot write ${path}: ${why(error)}.${consequence}`, {
      input: options.input ?? "--output",
      cause: error,
    });
  }
}
