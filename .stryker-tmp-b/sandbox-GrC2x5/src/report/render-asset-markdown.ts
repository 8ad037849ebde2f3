// @ts-nocheck
import type { Issue } from "../api/index.ts";
import type { AssetReview } from "../pipeline/index.ts";
import { bySeverity, formatSeverityCounts } from "../policy/index.ts";
import { describeReuse } from "./describe-reuse.ts";
import { renderIssueHeadline, renderIssueMarkdown } from "./render-issue-markdown.ts";
import { inlineCode, sanitizeMarkdown } from "./sanitize-markdown.ts";

/** Options of {@link renderAssetMarkdown}. */
export interface AssetMarkdownOptions {
  /** Heading level of the asset's own heading (topics go one deeper). @default 3 */
  readonly headingLevel?: number;
  /** Fold details, reasoning and precedents in `<details>`; false lists head lines only. @default true */
  readonly withDetails?: boolean;
  /** Leave out the asset's heading (a PR file comment is already attached to the file). */
  readonly withHeading?: boolean;
}

function sorted(issues: readonly Issue[]): Issue[] {
  return [...issues].sort(bySeverity);
}

/** One-line state of an asset: its issue counts, or why it has none. */
export function describeAsset(asset: AssetReview): string {
  if (asset.status === "failed") {
    const why = asset.failure?.errorMessage
      ? `: ${sanitizeMarkdown(asset.failure.errorMessage, { inline: true })}`
      : "";
    return `failed${why}`;
  }
  if (asset.resultsError !== null) return "results unavailable";
  if (asset.status !== "complete") return sanitizeMarkdown(asset.status, { inline: true });
  return formatSeverityCounts(asset.counts);
}

/**
 * The findings of one asset in markdown: topics and orphan issues, each sorted by severity, and
 * for a later version what is new and what was resolved since the previous one.
 */
export function renderAssetMarkdown(
  asset: AssetReview,
  options: AssetMarkdownOptions = {},
): string {
  const level = options.headingLevel ?? 3;
  const h = (n: number) => "#".repeat(Math.min(6, n));
  const withDetails = options.withDetails ?? true;
  const lines: string[] = [];
  if (options.withHeading !== false) {
    const reused = asset.reused === null ? "" : ` (${describeReuse(asset.reused)})`;
    lines.push(
      `${h(level)} ${inlineCode(asset.file.displayPath)}: ${describeAsset(asset)}${reused}`,
      "",
    );
  }
  if (asset.status === "failed") {
    const f = asset.failure;
    const kind = f?.errorType ? ` (${sanitizeMarkdown(f.errorType, { inline: true })})` : "";
    const retried =
      asset.retries > 0
        ? ` after ${asset.retries} ${asset.retries === 1 ? "retry" : "retries"}`
        : "";
    lines.push(
      `Review failed${kind}${retried}: ${sanitizeMarkdown(f?.errorMessage ?? "no message", { inline: true })}`,
      "",
    );
    return lines.join("\n").trimEnd();
  }
  if (asset.resultsError !== null) {
    lines.push(sanitizeMarkdown(asset.resultsError, { inline: true }), "");
    return lines.join("\n").trimEnd();
  }
  if (asset.diff !== null) {
    const d = asset.diff;
    lines.push(
      `Version ${asset.versionNumber}: ${d.newIssues.length} new and ${d.resolvedIssues.length} resolved since version ${d.previousVersionNumber}.`,
      "",
    );
    if (d.newIssues.length > 0) {
      lines.push(
        "New since the previous version:",
        "",
        ...sorted(d.newIssues).map((i) => `- ${renderIssueHeadline(i)}`),
        "",
      );
    }
    if (d.resolvedIssues.length > 0) {
      lines.push(
        "Resolved since the previous version:",
        "",
        ...sorted(d.resolvedIssues).map((i) => `- ~~${renderIssueHeadline(i)}~~`),
        "",
      );
    }
  }
  if (asset.issues.length === 0) {
    if (asset.status === "complete") lines.push("No issues found.", "");
    return lines.join("\n").trimEnd();
  }
  const topics = [...asset.topics].sort((a, b) =>
    bySeverity(sorted(a.issues)[0] ?? { severity: "" }, sorted(b.issues)[0] ?? { severity: "" }),
  );
  for (const topic of topics) {
    lines.push(
      `${h(level + 1)} ${sanitizeMarkdown(topic.title, { inline: true })} (${topic.issues.length} issues)`,
      "",
    );
    if (topic.summary?.text) lines.push(sanitizeMarkdown(topic.summary.text), "");
    lines.push(...sorted(topic.issues).map((i) => renderIssueMarkdown(i, { withDetails })), "");
  }
  if (asset.orphanIssues.length > 0) {
    if (topics.length > 0) lines.push(`${h(level + 1)} Other issues`, "");
    lines.push(
      ...sorted(asset.orphanIssues).map((i) => renderIssueMarkdown(i, { withDetails })),
      "",
    );
  }
  return lines.join("\n").trimEnd();
}
