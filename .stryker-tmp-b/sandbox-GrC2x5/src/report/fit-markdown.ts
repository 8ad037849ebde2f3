/** A section of a report: its full form, and optionally a shorter form to use when space runs out. */
// @ts-nocheck

export interface MarkdownBlock {
  readonly full: string;
  readonly compact?: string;
}

/**
 * Joins blocks under `limit` characters without ever cutting one in half (a cut could leave an
 * open `<details>` or code span). Blocks that do not fit in full fall back to their compact
 * form; once neither fits, the rest is dropped and `notice(dropped)` closes the text.
 */
export function fitMarkdown(
  blocks: readonly MarkdownBlock[],
  limit: number,
  notice: (dropped: number) => string,
): string {
  const out: string[] = [];
  let used = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    // Keep room for the closing notice as long as something may still be dropped.
    const reserve = notice(blocks.length - i).length + 4;
    for (const candidate of [block.full, block.compact]) {
      if (candidate === undefined) continue;
      if (
        used + candidate.length + 2 + reserve <= limit ||
        (i === blocks.length - 1 && used + candidate.length + 2 <= limit)
      ) {
        out.push(candidate);
        used += candidate.length + 2;
        break;
      }
    }
    if (out.length !== i + 1) {
      const closing = notice(blocks.length - i);
      out.push(closing.slice(0, Math.max(0, limit - used - 2)));
      break;
    }
  }
  return out.join("\n\n");
}
