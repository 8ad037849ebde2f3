import ignore from "ignore";

/**
 * True when a CODEOWNERS file gives `path` an owner: as GitHub reads it, the last rule whose
 * pattern (gitignore syntax, read by the `ignore` library) matches the path decides, and a rule
 * with no owner leaves the path unowned. Comments and blank lines are skipped.
 */
export function codeownersCovers(codeowners: string, path: string): boolean {
  let owned = false;
  for (const raw of codeowners.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (line === "") continue;
    const [pattern, ...owners] = line.split(/\s+/);
    if (pattern === undefined) continue;
    try {
      if (ignore().add(pattern).ignores(path)) owned = owners.length > 0;
    } catch {
      // A pattern GitHub would reject too; it covers nothing.
    }
  }
  return owned;
}
