/**
 * A workflow template's header: its `Secrets:`, `Variables:`, `Permissions:` and
 * `Required check:` entries (an entry goes on over the comment lines indented under it), up to
 * the first line that is not a comment.
 */
export function workflowHeader(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  let current: string | undefined;
  for (const line of text.split("\n")) {
    if (!line.startsWith("#")) break;
    const entry = /^# (Secrets|Variables|Permissions|Required check): (.*)$/.exec(line);
    if (entry) {
      current = entry[1]!;
      entries[current] = entry[2]!;
    } else if (current !== undefined && /^# {2,}\S/.test(line)) {
      entries[current] += ` ${line.slice(1).trim()}`;
    } else current = undefined;
  }
  return entries;
}
