import { type ReviewOutcome, reuseSummary } from "../pipeline/index.ts";
import { describeReuse } from "./describe-reuse.ts";
import type { MarkdownBlock } from "./fit-markdown.ts";
import { describeAsset } from "./render-asset-markdown.ts";
import { inlineCode } from "./sanitize-markdown.ts";

function tableCode(text: string): string {
  return inlineCode(text).replace(/\|/g, "\\|");
}

/**
 * The report's table of files, each with its result and credits, or null when nothing was
 * uploaded or priced. Compact, it only counts them.
 */
export function renderMarkdownFiles(outcome: ReviewOutcome): MarkdownBlock | null {
  if (outcome.assets.length === 0 && outcome.estimate === null) return null;
  const credits = new Map((outcome.estimate?.files ?? []).map((f) => [f.blobPath, f]));
  // Files uploaded but never submitted (over budget) are listed after the reviewed ones.
  const reviewed = new Set(outcome.assets.map((a) => a.assetId));
  const listed = [...outcome.assets, ...outcome.uploaded.filter((u) => !reviewed.has(u.assetId))];
  const rows = listed.map((a) => {
    const estimate = credits.get(a.blobPath);
    const reused = "reused" in a ? a.reused : null;
    const cost =
      reused !== null
        ? `0 (${reused.credits} saved)`
        : estimate === undefined
          ? ""
          : estimate.priceable
            ? String(estimate.credits)
            : "not priced";
    const state =
      "status" in a
        ? `${describeAsset(a)}${reused === null ? "" : ` · ${describeReuse(reused)}`}`
        : "not submitted";
    return `| ${tableCode(a.file.displayPath)} | ${state.replace(/\|/g, "\\|")} | ${cost} |`;
  });
  const total =
    outcome.estimate === null && reuseSummary(outcome.assets).count === 0
      ? []
      : [`| **Total** | | **${outcome.estimate?.totalCredits ?? 0}** |`];
  const table = [
    "### Files",
    "",
    "| File | Result | Credits |",
    "| --- | --- | ---: |",
    ...rows,
    ...total,
  ].join("\n");
  return {
    full: table,
    compact: `### Files\n\n${rows.length} files; the table is in the JSON report.`,
  };
}
