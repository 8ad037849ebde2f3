import type { Acceptance } from "../acceptance/index.ts";
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

/** What a report says of an issue's acceptance (issue 32): its accept id, and who accepted it. */
export interface IssueAcceptance {
  readonly acceptId: string;
  readonly accepted: Acceptance | undefined;
}

/** The accept id after the head line, and for an accepted issue who, until when and why. */
function acceptanceText(accept: IssueAcceptance | undefined): string {
  if (accept === undefined) return "";
  const id = ` · accept id ${inlineCode(accept.acceptId)}`;
  const a = accept.accepted;
  if (a === undefined) return id;
  return `${id}\n  ☑️ **Accepted** by ${sanitizeMarkdown(a.by, { inline: true })} until ${sanitizeMarkdown(a.expires, { inline: true })}: ${sanitizeMarkdown(a.reason, { inline: true })}. It does not count towards fail-on.`;
}

/**
 * One issue as a list item, with details, severity reasoning and precedents folded in
 * `<details>` (issue 4, flow step 6). `withDetails: false` gives the head line only. With
 * `accept`, the accept id follows the head line, and an accepted issue says who accepted it.
 */
export function renderIssueMarkdown(
  issue: Issue,
  options: { withDetails?: boolean; accept?: IssueAcceptance | undefined } = {},
): string {
  const head = `- ${renderIssueHeadline(issue)}${acceptanceText(options.accept)}`;
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
