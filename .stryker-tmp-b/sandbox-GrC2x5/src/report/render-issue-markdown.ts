// @ts-nocheck
import type { Issue } from "../api/index.ts";
import { inlineCode, safeLink, sanitizeMarkdown } from "./sanitize-markdown.ts";

/** A marker per severity, so that severities stand out in lists. */
export const SEVERITY_MARKERS: Readonly<Record<string, string>> = Object.freeze({
  critical: "🔴",
  major: "🟠",
  minor: "🟡",
  info: "🔵",
});

function marker(severity: string): string {
  return SEVERITY_MARKERS[severity.toLowerCase()] ?? "⚪";
}

/** The one-line head of an issue: severity, rule code and summary. */
export function renderIssueHeadline(issue: Issue): string {
  const rule = issue.ruleCode ? `${inlineCode(issue.ruleCode)} ` : "";
  return `${marker(issue.severity)} **${sanitizeMarkdown(issue.severity, { inline: true })}** ${rule}${sanitizeMarkdown(issue.summary, { inline: true })}`;
}

/**
 * One issue as a list item, with details, severity reasoning and precedents folded in
 * `<details>` (issue 4, flow step 6). `withDetails: false` gives the head line only.
 */
export function renderIssueMarkdown(issue: Issue, options: { withDetails?: boolean } = {}): string {
  const head = `- ${renderIssueHeadline(issue)}`;
  if (options.withDetails === false) return head;
  const parts: string[] = [];
  if (issue.details) parts.push(sanitizeMarkdown(issue.details));
  if (issue.severityReasoning || issue.severityReasoningHeadline) {
    const headline = issue.severityReasoningHeadline
      ? `**${sanitizeMarkdown(issue.severityReasoningHeadline, { inline: true })}**: `
      : "";
    parts.push(
      `Why ${sanitizeMarkdown(issue.severity, { inline: true })}: ${headline}${sanitizeMarkdown(issue.severityReasoning ?? "")}`,
    );
  }
  const precedents = issue.precedents ?? [];
  if (precedents.length > 0) {
    const lines = precedents.map((p) => {
      const extra = [p.decision, p.date]
        .filter(Boolean)
        .map((t) => sanitizeMarkdown(t!, { inline: true }));
      return `  - ${safeLink(p.url, p.title ?? p.url ?? "precedent")}${extra.length > 0 ? ` (${extra.join(", ")})` : ""}`;
    });
    parts.push(`Precedents:\n\n${lines.join("\n")}`);
  }
  if (parts.length === 0) return head;
  const body = parts.join("\n\n").replace(/\n/g, "\n  ");
  return `${head}\n  <details><summary>Details</summary>\n\n  ${body}\n\n  </details>`;
}
