import { type ReviewOutcome, sandboxMarkerNotice } from "../pipeline/index.ts";
import { fitMarkdown, type MarkdownBlock } from "./fit-markdown.ts";
import { renderMarkdownFiles } from "./render-markdown-files.ts";
import { renderMarkdownFindings } from "./render-markdown-findings.ts";
import { renderMarkdownSummary } from "./render-markdown-summary.ts";
import { renderSeverityChart } from "./render-severity-chart.ts";
import { inlineCode, sanitizeMarkdown } from "./sanitize-markdown.ts";

/** GitHub's limit on a check run's summary (and a review comment's body) is 65,535 characters. */
export const CHECK_SUMMARY_LIMIT = 65_535;

/** Options of {@link renderMarkdownReport}. */
export interface MarkdownReportOptions {
  /** Heading of the report. @default "Content Review" */
  readonly title?: string;
  /** Maximum length in characters. @default 65000 (under the check summary limit) */
  readonly maxLength?: number;
  /** Add a mermaid chart of issues by severity (for the job summary). @default false */
  readonly chart?: boolean;
  /** Where the full report lives, named in the truncation notice. */
  readonly fullReportHint?: string;
}

/**
 * The whole report in GitHub markdown, truncated safely under `maxLength`: a page of sections
 * (summary, sandbox notice, chart, files, skipped files, error, then each asset's findings).
 */
export function renderMarkdownReport(
  outcome: ReviewOutcome,
  options: MarkdownReportOptions = {},
): string {
  const title = options.title ?? "Content Review";
  const maxLength = Math.min(options.maxLength ?? 65_000, CHECK_SUMMARY_LIMIT);
  const files = renderMarkdownFiles(outcome);
  const blocks: MarkdownBlock[] = [
    { full: renderMarkdownSummary(outcome, title) },
    ...optional(unmarkedNotice(outcome)),
    ...optional(
      options.chart && outcome.status === "completed"
        ? { full: `### Issues by severity\n\n${renderSeverityChart(outcome.counts)}` }
        : null,
    ),
    ...optional(files),
    ...optional(skippedFiles(outcome)),
    ...optional(
      outcome.error === null
        ? null
        : {
            full: `### Error\n\n${inlineCode(outcome.error.name)}: ${sanitizeMarkdown(outcome.error.message, { inline: true })}`,
          },
    ),
    ...renderMarkdownFindings(outcome),
  ];
  const hint = options.fullReportHint
    ? ` ${sanitizeMarkdown(options.fullReportHint, { inline: true })}`
    : "";
  return fitMarkdown(
    blocks,
    maxLength,
    (dropped) =>
      `> [!NOTE]\n> The report was cut short: ${dropped} more ${dropped === 1 ? "section" : "sections"} did not fit.${hint}`,
  );
}

function optional(block: MarkdownBlock | null): MarkdownBlock[] {
  return block === null ? [] : [block];
}

/**
 * Sandbox files skipped for want of a marker: said once, loudly, where the reader looks first.
 * With nothing else to review, the reason already says it.
 */
function unmarkedNotice(outcome: ReviewOutcome): MarkdownBlock | null {
  const unmarked = outcome.skipped.filter((s) => s.reason === "no-sandbox-marker");
  if (unmarked.length === 0 || outcome.status === "nothing-to-review") return null;
  const notice = sandboxMarkerNotice(unmarked.map((s) => s.file.displayPath));
  return { full: `> [!WARNING]\n> ${sanitizeMarkdown(notice, { inline: true })}` };
}

function skippedFiles(outcome: ReviewOutcome): MarkdownBlock | null {
  if (outcome.skipped.length === 0) return null;
  const lines = outcome.skipped.map(
    (s) =>
      `- ${inlineCode(s.file.displayPath)} (${s.reason}): ${sanitizeMarkdown(s.message, { inline: true })}`,
  );
  return {
    full: ["### Skipped files", "", ...lines].join("\n"),
    compact: `### Skipped files\n\n${outcome.skipped.length} files were skipped; see the JSON report.`,
  };
}
