import type { ReviewOutcome } from "../pipeline/index.ts";
import { SEVERITIES } from "../policy/index.ts";
import type { MarkdownBlock } from "./fit-markdown.ts";
import { renderAssetMarkdown } from "./render-asset-markdown.ts";

type AssetReview = ReviewOutcome["assets"][number];

/** Worst first: a failed asset, then by its worst severity, then those with other issues. */
function rank(a: AssetReview): number {
  if (a.status === "failed" || a.resultsError !== null) return -1;
  const i = SEVERITIES.findIndex((s) => a.counts[s] > 0);
  return i === -1 ? (a.counts.other > 0 ? SEVERITIES.length : SEVERITIES.length + 1) : i;
}

/**
 * One section per asset with something to show (issues, a failure, a diff), worst first, so
 * that truncation drops the least important findings.
 */
export function renderMarkdownFindings(outcome: ReviewOutcome): MarkdownBlock[] {
  const findings = outcome.assets.filter(
    (a) =>
      a.issues.length > 0 || a.status === "failed" || a.resultsError !== null || a.diff !== null,
  );
  // Rendered only if the report gets that far: 3,000 files rendered twice over, for a summary
  // that shows a few dozen, were most of what a large review allocated at its end.
  return [...findings]
    .sort((a, b) => rank(a) - rank(b))
    .map((asset) => ({
      full: () => renderAssetMarkdown(asset, { headingLevel: 3 }),
      compact: () => renderAssetMarkdown(asset, { headingLevel: 3, withDetails: false }),
    }));
}
