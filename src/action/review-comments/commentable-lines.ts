/** A hunk header of a unified diff: `@@ -12,3 +14,5 @@`, the new file's start line captured. */
const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * The lines of the new file that a PR review can comment on (`line` with `side: RIGHT`): the
 * added and the context lines of the file's `patch`, as GitHub lists it with the PR's files.
 * Removed lines belong to the old file; a file without a patch (binary, or too large) has none.
 */
export function commentableLines(patch: string | undefined): ReadonlySet<number> {
  const lines = new Set<number>();
  if (patch === undefined) return lines;
  let next: number | undefined;
  for (const row of patch.split("\n")) {
    const header = HUNK_HEADER.exec(row);
    if (header !== null) {
      next = Number(header[1]);
      continue;
    }
    if (next === undefined) continue;
    const kind = row[0];
    if (kind === "+" || kind === " ") {
      lines.add(next);
      next += 1;
    }
    // "-" is the old file's; "\" is "No newline at end of file".
  }
  return lines;
}
