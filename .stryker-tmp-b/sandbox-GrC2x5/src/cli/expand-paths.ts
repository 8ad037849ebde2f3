// @ts-nocheck
import { glob, lstat, readdir } from "node:fs/promises";
import { extname, isAbsolute, join, relative, resolve } from "node:path";
import { SUPPORTED_EXTENSIONS } from "../api/index.ts";
import { CliUsageError } from "./cli-usage-error.ts";

/** A file found on the command line: where to read it, and how to show it. */
export interface FoundFile {
  /** Absolute path. */
  readonly path: string;
  /** Path relative to the working directory, with `/` separators. */
  readonly displayPath: string;
  /** Found in a directory or by a glob, not named on the command line. */
  readonly discovered: boolean;
}

const GLOB_CHARS = /[*?[\]{}]/;

function isSupported(path: string): boolean {
  return SUPPORTED_EXTENSIONS.includes(extname(path).toLowerCase());
}

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    // Hidden folders (.git, .cache) and node_modules hold nothing to review.
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, out);
    else if (entry.isFile() && isSupported(entry.name)) out.push(full);
  }
}

/**
 * Expands the `paths or globs` of `upload` and `review`: a file is taken as it is (its checks
 * come later and name it), a directory gives every supported file under it (hidden folders
 * skipped), a glob (`media/**\/*.mp4`) gives its supported matches. Duplicates are dropped; order is sorted.
 * A pattern or directory that yields nothing is a usage error naming it. Files found in a
 * directory or by a glob are marked `discovered` (a file also named on its own is not).
 */
export async function expandPaths(inputs: readonly string[], cwd: string): Promise<FoundFile[]> {
  // Absolute path to "discovered": a file named explicitly stays named, however else it is found.
  const found = new Map<string, boolean>();
  const discover = (path: string) => found.set(path, found.get(path) ?? true);
  for (const input of inputs) {
    const before = found.size;
    if (GLOB_CHARS.test(input)) {
      for await (const match of glob(input, { cwd })) {
        const full = resolve(cwd, match);
        const stats = await lstat(full);
        if (stats.isFile() && isSupported(full)) discover(full);
      }
    } else {
      const full = resolve(cwd, input);
      const stats = await lstat(full).catch(() => undefined);
      if (!stats) {
        const where = isAbsolute(input) ? "" : ` (looked for ${full}, relative to ${cwd})`;
        throw new CliUsageError(`${input} does not exist${where}. Check the path.`, { input });
      }
      if (stats.isDirectory()) {
        const files: string[] = [];
        await walk(full, files);
        for (const file of files) discover(file);
      } else {
        found.set(full, false);
        continue;
      }
    }
    if (found.size === before) {
      throw new CliUsageError(
        `No reviewable files match ${input}. Supported extensions: ${SUPPORTED_EXTENSIONS.join(", ")}.`,
        { input },
      );
    }
  }
  return [...found.keys()].sort().map((path) => ({
    path,
    displayPath: displayPathOf(cwd, path),
    discovered: found.get(path)!,
  }));
}

/**
 * How a file at the absolute `path` is shown: relative to `cwd` with `/` separators, or the
 * absolute path when it lies outside `cwd`.
 */
export function displayPathOf(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  const shown = rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
  return shown.split("\\").join("/");
}
