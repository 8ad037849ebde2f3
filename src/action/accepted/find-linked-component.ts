import { lstat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";

/**
 * The first part of `path` (relative to `workspace`, shown with `/`) that is a symbolic link,
 * looked at from the workspace root down, or undefined when none is. A link would let a pull
 * request point a protected path (`.content-review/accepted.yml`) at a file no code owner
 * reviews. Parts outside the workspace are the workflow's own choice and not looked at; a
 * missing part ends the look (there is nothing to read through it).
 */
export async function findLinkedComponent(
  workspace: string,
  path: string,
): Promise<string | undefined> {
  const root = resolve(workspace);
  const parts = relative(root, resolve(root, path)).split(sep);
  if (parts[0] === ".." || parts[0] === "") return undefined;
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = join(current, part);
    const stats = await lstat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
      throw error;
    });
    if (stats === null) return undefined;
    if (stats.isSymbolicLink()) return parts.slice(0, index + 1).join("/");
  }
  return undefined;
}
