import type { Dirent } from "node:fs";
import { lstat, readdir, realpath } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import type { ReviewFile } from "../pipeline/index.ts";
import { matchPatterns } from "./match-patterns.ts";

/** Files chosen for review, and changed files left out because a directory on their path is a link. */
export interface SelectedFiles {
  readonly files: ReviewFile[];
  readonly throughSymlink: string[];
}

/** Folders never searched: the dependencies and the repository's own objects hold no media to review. */
const NEVER_SEARCHED: ReadonlySet<string> = new Set(["node_modules", ".git"]);

function toPosix(path: string): string {
  return path.split(sep).join("/");
}

/** Every file under `dir` (links included, never followed), pruning the folders never searched. */
async function allFiles(dir: string): Promise<string[]> {
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NEVER_SEARCHED.has(entry.name)) found.push(...(await allFiles(path)));
    } else found.push(path);
  }
  return found;
}

/**
 * The changed paths that exist in the workspace as files (or links), never as folders. A listed
 * path goes through the patterns whatever folder it is in: a pull request may change a file
 * under any folder named `node_modules`, and only the patterns may leave it out.
 */
async function existingChanged(workspace: string, changed: readonly string[]): Promise<string[]> {
  const paths = [...new Set(changed.map((p) => resolve(workspace, p)))];
  const kept: string[] = [];
  for (const path of paths) {
    const parts = relative(workspace, path).split(sep);
    if (parts[0] === "..") continue;
    const stats = await lstat(path).catch(() => null);
    if (stats !== null && !stats.isDirectory()) kept.push(path);
  }
  return kept;
}

/**
 * Matches the `files` patterns (`@actions/glob`'s syntax, `!` excludes, relative to the
 * workspace) and keeps the changed paths among them, or every match when `changed` is null.
 * Only what is needed is read: the changed paths when they are known, else the workspace, whose
 * walk never enters `node_modules` or `.git`. Links are never followed: the walk does not descend into linked
 * directories, and a changed path whose directory resolves elsewhere is reported instead of
 * read. A link to a file is passed on, and the pipeline's local check skips it.
 */
export async function selectFiles(options: {
  workspace: string;
  patterns: readonly string[];
  changed: readonly string[] | null;
}): Promise<SelectedFiles> {
  const workspace = resolve(options.workspace);
  const realWorkspace = await realpath(workspace);
  const matches = matchPatterns(options.patterns, workspace);
  const candidates =
    options.changed === null
      ? await allFiles(workspace)
      : await existingChanged(workspace, options.changed);
  const wanted = candidates.filter(matches);
  if (options.changed === null) wanted.sort();
  const files: ReviewFile[] = [];
  const throughSymlink: string[] = [];
  for (const path of wanted) {
    const shown = toPosix(relative(workspace, path));
    const parent = resolve(path, "..");
    const realParent = await realpath(parent).catch(() => parent);
    if (relative(realWorkspace, realParent) !== relative(workspace, parent)) {
      throughSymlink.push(shown);
      continue;
    }
    files.push({ path, displayPath: shown, discovered: true });
  }
  return { files, throughSymlink };
}
