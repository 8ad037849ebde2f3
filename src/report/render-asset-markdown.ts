import { acceptId } from "../acceptance/index.ts";
import type { Issue } from "../api/index.ts";
import type { AssetReview } from "../pipeline/index.ts";
import { bySeverity, formatSeverityCounts, plural } from "../policy/index.ts";
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

/** An issue as a list item, with its accept id and acceptance (issue 32). */
function issueItem(asset: AssetReview, issue: Issue, withDetails: boolean): string {
  const accept = { acceptId: acceptId(issue), accepted: asset.accepted?.get(issue.id) };
  return renderIssueMarkdown(issue, { withDetails, accept });
}

/** The version's content id, and the expired acceptances of it: what an entry needs and misses. */
function acceptanceLines(asset: AssetReview): string[] {
  const lines: string[] = [];
  if (asset.file.version !== undefined && asset.issues.length > 0)
    lines.push(`Content id ${inlineCode(asset.file.version)} (for accepting a finding).`, "");
  for (const e of asset.expiredAcceptances ?? [])
    lines.push(
      `> [!WARNING]\n> The acceptance of ${e.issue === "*" ? "every issue" : `issue ${inlineCode(e.issue)}`} (line ${e.line} of the accepted file) expired on ${sanitizeMarkdown(e.expires, { inline: true })}: it counts again.`,
      "",
    );
  return lines;
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
  lines.push(...acceptanceLines(asset));
  if (asset.issues.length === 0) {
    if (asset.status === "complete") lines.push("No issues found.", "");
    return lines.join("\n").trimEnd();
  }
  const topics = [...asset.topics].sort((a, b) =>
    bySeverity(sorted(a.issues)[0] ?? { severity: "" }, sorted(b.issues)[0] ?? { severity: "" }),
  );
  for (const topic of topics) {
    lines.push(
      `${h(level + 1)} ${sanitizeMarkdown(topic.title, { inline: true })} (${plural(topic.issues.length, "issue")})`,
      "",
    );
    if (topic.summary?.text) lines.push(sanitizeMarkdown(topic.summary.text), "");
    lines.push(...sorted(topic.issues).map((i) => issueItem(asset, i, withDetails)), "");
  }
  if (asset.orphanIssues.length > 0) {
    if (topics.length > 0) lines.push(`${h(level + 1)} Other issues`, "");
    lines.push(...sorted(asset.orphanIssues).map((i) => issueItem(asset, i, withDetails)), "");
  }
  return lines.join("\n").trimEnd();
}
