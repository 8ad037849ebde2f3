import type { GitChangedFile, GitFile } from "./git-history.ts";
import { unifiedDiff } from "./unified-diff.ts";

/**
 * The files that differ between two trees (`before` undefined: an empty tree), in path order,
 * as GitHub lists a compare's files: status, head blob sha, and hunks for a text file.
 */
export function diffTrees(
  base: ReadonlyMap<string, GitFile> | undefined,
  after: ReadonlyMap<string, GitFile>,
): GitChangedFile[] {
  const before = base ?? new Map<string, GitFile>();
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  const out: GitChangedFile[] = [];
  for (const path of paths) {
    const a = before.get(path);
    const b = after.get(path);
    if (a?.sha === b?.sha && a?.mode === b?.mode) continue;
    const status = a === undefined ? "added" : b === undefined ? "removed" : "modified";
    const binary = (a?.content.includes(0) ?? false) || (b?.content.includes(0) ?? false);
    const lines = binary
      ? undefined
      : unifiedDiff(a?.content.toString("utf8") ?? "", b?.content.toString("utf8") ?? "");
    out.push({
      filename: path,
      status,
      sha: (b ?? a)!.sha,
      ...(lines === undefined ? {} : { patch: lines.patch }),
      additions: lines?.additions ?? 0,
      deletions: lines?.deletions ?? 0,
      changes: (lines?.additions ?? 0) + (lines?.deletions ?? 0),
    });
  }
  return out;
}
