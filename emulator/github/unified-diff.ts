/** Lines of context around each change, as `git diff` and GitHub's `patch` show them. */
const CONTEXT = 3;
/** Past this many lines on either side, the diff is one hunk replacing the whole file. */
const MAX_LINES = 4000;

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

type Op = { readonly kind: " " | "-" | "+"; readonly text: string };

/** The edit script from `a` to `b` by longest common subsequence (files here are small). */
function editScript(a: string[], b: string[]): Op[] {
  if (a.length > MAX_LINES || b.length > MAX_LINES)
    return [
      ...a.map((text) => ({ kind: "-" as const, text })),
      ...b.map((text) => ({ kind: "+" as const, text })),
    ];
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: " ", text: a[i]! });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Removals before additions, as git shows a changed line.
      ops.push({ kind: "-", text: a[i]! });
      i++;
    } else {
      ops.push({ kind: "+", text: b[j]! });
      j++;
    }
  }
  return ops;
}

/** A file's change as GitHub lists it: the unified diff's hunks (no file header) and counts. */
export interface UnifiedDiff {
  readonly patch: string;
  readonly additions: number;
  readonly deletions: number;
}

/**
 * The unified diff of two texts with three lines of context, as GitHub's `patch` field carries
 * it: hunks only, starting at `@@`. Empty when the texts are equal.
 */
export function unifiedDiff(before: string, after: string): UnifiedDiff {
  const ops = editScript(splitLines(before), splitLines(after));
  const changed = ops.flatMap((op, index) => (op.kind === " " ? [] : [index]));
  const hunks: string[] = [];
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k]! - CONTEXT);
    let end = Math.min(ops.length, changed[k]! + CONTEXT + 1);
    while (k + 1 < changed.length && changed[k + 1]! - CONTEXT <= end) {
      k++;
      end = Math.min(ops.length, changed[k]! + CONTEXT + 1);
    }
    k++;
    let oldLine = 1;
    let newLine = 1;
    for (const op of ops.slice(0, start)) {
      if (op.kind !== "+") oldLine++;
      if (op.kind !== "-") newLine++;
    }
    const body = ops.slice(start, end);
    const oldCount = body.filter((op) => op.kind !== "+").length;
    const newCount = body.filter((op) => op.kind !== "-").length;
    // git leaves out a count of 1, and starts an empty side at the line before.
    const range = (line: number, count: number) =>
      count === 1 ? `${line}` : `${count === 0 ? line - 1 : line},${count}`;
    hunks.push(
      `@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@`,
      ...body.map((op) => `${op.kind}${op.text}`),
    );
  }
  return {
    patch: hunks.join("\n"),
    additions: ops.filter((op) => op.kind === "+").length,
    deletions: ops.filter((op) => op.kind === "-").length,
  };
}

/**
 * The lines of one side that a unified diff shows: of the new file (`RIGHT`: added or context),
 * or of the old one (`LEFT`: removed or context). A review comment may point at those only.
 * Written apart from the Action's own parser on purpose, so that the two cannot share a mistake.
 */
export function diffSideLines(patch: string | undefined, side: "LEFT" | "RIGHT"): Set<number> {
  const out = new Set<number>();
  const shown = side === "RIGHT" ? "+" : "-";
  let line = 0;
  let inHunk = false;
  for (const row of (patch ?? "").split(/\r?\n/)) {
    const hunk = row.match(/^@@ -(\d+)\S* \+(\d+)/);
    if (hunk) {
      line = Number.parseInt(side === "RIGHT" ? hunk[2]! : hunk[1]!, 10);
      inHunk = true;
    } else if (inHunk && (row.startsWith(" ") || row.startsWith(shown))) {
      out.add(line++);
    }
  }
  return out;
}

/** The lines of the new file a diff shows: where a `side: RIGHT` comment may point. */
export const rightSideLines = (patch: string | undefined) => diffSideLines(patch, "RIGHT");

/** The lines of the old file a diff shows: where a `side: LEFT` comment may point. */
export const leftSideLines = (patch: string | undefined) => diffSideLines(patch, "LEFT");
