import type { ReviewConclusion, ReviewOutcome } from "../pipeline/index.ts";
import { fitMarkdown, type MarkdownBlock } from "./fit-markdown.ts";
import { formatSeverityCounts } from "./format-severity-counts.ts";
import { describeAsset, renderAssetMarkdown } from "./render-asset-markdown.ts";
import { renderSeverityChart } from "./render-severity-chart.ts";
import { inlineCode, sanitizeMarkdown } from "./sanitize-markdown.ts";
import { SEVERITIES } from "./severity.ts";

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

/** A word and a marker per conclusion, for the report's heading. */
export const CONCLUSION_LABELS: Readonly<Record<ReviewConclusion, string>> = Object.freeze({
  success: "✅ passed",
  failure: "❌ failed",
  neutral: "⚪ not reviewed",
  skipped: "⏭️ skipped",
  timed_out: "⏱️ timed out",
  cancelled: "🚫 cancelled",
  pending: "⏳ submitted, results pending",
});

function tableCode(text: string): string {
  return inlineCode(text).replace(/\|/g, "\\|");
}

/** The whole report in GitHub markdown, truncated safely under `maxLength`. */
export function renderMarkdownReport(
  outcome: ReviewOutcome,
  options: MarkdownReportOptions = {},
): string {
  const title = options.title ?? "Content Review";
  const maxLength = Math.min(options.maxLength ?? 65_000, CHECK_SUMMARY_LIMIT);
  const blocks: MarkdownBlock[] = [];

  const facts: string[] = [];
  if (outcome.assets.length > 0)
    facts.push(
      `${outcome.assets.length} ${outcome.assets.length === 1 ? "file" : "files"} reviewed`,
    );
  if (outcome.status === "completed") facts.push(formatSeverityCounts(outcome.counts));
  if (outcome.failedAssetCount > 0) facts.push(`${outcome.failedAssetCount} failed`);
  if (outcome.skipped.length > 0) facts.push(`${outcome.skipped.length} skipped`);
  if (outcome.estimate !== null) {
    const total = outcome.estimate.totalCredits;
    facts.push(`${total} ${total === 1 ? "credit" : "credits"}`);
  }
  if (outcome.environment === "sandbox") facts.push("sandbox");
  if (outcome.submissionId !== null) facts.push(`submission ${inlineCode(outcome.submissionId)}`);
  blocks.push({
    full: [
      `## ${sanitizeMarkdown(title, { inline: true })}: ${CONCLUSION_LABELS[outcome.conclusion]}`,
      "",
      sanitizeMarkdown(outcome.reason, { inline: true }),
      ...(facts.length > 0 ? ["", facts.join(" · ")] : []),
      "",
      `Fails on: ${outcome.failOn === "never" ? "nothing (fail-on: never)" : `${outcome.failOn} or worse, and on failed files`}.`,
    ].join("\n"),
  });

  if (options.chart && outcome.status === "completed") {
    blocks.push({ full: `### Issues by severity\n\n${renderSeverityChart(outcome.counts)}` });
  }

  if (outcome.assets.length > 0 || outcome.estimate !== null) {
    const credits = new Map((outcome.estimate?.files ?? []).map((f) => [f.blobPath, f]));
    const rows = (outcome.assets.length > 0 ? outcome.assets : outcome.uploaded).map((a) => {
      const estimate = credits.get(a.blobPath);
      const cost =
        estimate === undefined ? "" : estimate.priceable ? String(estimate.credits) : "not priced";
      const state = "status" in a ? describeAsset(a) : "not submitted";
      return `| ${tableCode(a.file.displayPath)} | ${state.replace(/\|/g, "\\|")} | ${cost} |`;
    });
    const total =
      outcome.estimate === null ? [] : [`| **Total** | | **${outcome.estimate.totalCredits}** |`];
    const table = [
      "### Files",
      "",
      "| File | Result | Credits |",
      "| --- | --- | ---: |",
      ...rows,
      ...total,
    ].join("\n");
    blocks.push({
      full: table,
      compact: `### Files\n\n${rows.length} files; the table is in the JSON report.`,
    });
  }

  if (outcome.skipped.length > 0) {
    const lines = outcome.skipped.map(
      (s) =>
        `- ${inlineCode(s.file.displayPath)} (${s.reason}): ${sanitizeMarkdown(s.message, { inline: true })}`,
    );
    blocks.push({
      full: ["### Skipped files", "", ...lines].join("\n"),
      compact: `### Skipped files\n\n${outcome.skipped.length} files were skipped; see the JSON report.`,
    });
  }

  if (outcome.error !== null) {
    blocks.push({
      full: `### Error\n\n${inlineCode(outcome.error.name)}: ${sanitizeMarkdown(outcome.error.message, { inline: true })}`,
    });
  }

  // Worst assets first, so that truncation drops the least important findings.
  const rank = (a: ReviewOutcome["assets"][number]) => {
    if (a.status === "failed" || a.resultsError !== null) return -1;
    const i = SEVERITIES.findIndex((s) => a.counts[s] > 0);
    return i === -1 ? (a.counts.other > 0 ? SEVERITIES.length : SEVERITIES.length + 1) : i;
  };
  const findings = outcome.assets.filter(
    (a) =>
      a.issues.length > 0 || a.status === "failed" || a.resultsError !== null || a.diff !== null,
  );
  for (const asset of [...findings].sort((a, b) => rank(a) - rank(b))) {
    blocks.push({
      full: renderAssetMarkdown(asset, { headingLevel: 3 }),
      compact: renderAssetMarkdown(asset, { headingLevel: 3, withDetails: false }),
    });
  }

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
