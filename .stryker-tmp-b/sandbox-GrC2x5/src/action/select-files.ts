// @ts-nocheck
import { realpath } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import * as glob from "@actions/glob";
import type { ReviewFile } from "../pipeline/index.ts";

/** Files chosen for review, and changed files left out because a directory on their path is a link. */
export interface SelectedFiles {
  readonly files: ReviewFile[];
  readonly throughSymlink: string[];
}

function anchor(pattern: string, workspace: string): string {
  const negated = pattern.startsWith("!");
  const body = negated ? pattern.slice(1) : pattern;
  const absolute = isAbsolute(body) ? body : join(workspace, body);
  return `${negated ? "!" : ""}${absolute}`;
}

function toPosix(path: string): string {
  return path.split(sep).join("/");
}

/**
 * Matches the `files` patterns (`@actions/glob`, `!` excludes, relative to the workspace) and
 * keeps the changed paths among them, or every match when `changed` is null. Links are never
 * followed: the globber does not descend into linked directories, and a changed path whose
 * directory resolves elsewhere is reported instead of read. A link to a file is passed on, and
 * the pipeline's local check skips it.
 */
export async function selectFiles(options: {
  workspace: string;
  patterns: readonly string[];
  changed: readonly string[] | null;
}): Promise<SelectedFiles> {
  const workspace = resolve(options.workspace);
  const realWorkspace = await realpath(workspace);
  const globber = await glob.create(options.patterns.map((p) => anchor(p, workspace)).join("\n"), {
    followSymbolicLinks: false,
    matchDirectories: false,
    implicitDescendants: false,
  });
  const matched = new Set((await globber.glob()).map((p) => resolve(p)));
  const wanted =
    options.changed === null
      ? [...matched].sort()
      : [...new Set(options.changed.map((p) => resolve(workspace, p)))].filter((p) =>
          matched.has(p),
        );
  const files: ReviewFile[] = [];
  const throughSymlink: string[] = [];
  for (const path of wanted) {
    const shown = toPosix(relative(workspace, path));
    if (shown.startsWith("..")) continue;
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
