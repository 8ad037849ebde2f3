import { type ReviewOutcome, reuseSummary, sandboxMarkerNotice } from "../pipeline/index.ts";
import { CONCLUSION_LABELS, formatSeverityCounts, SEVERITIES } from "../policy/index.ts";
import { describeReuse } from "./describe-reuse.ts";
import { fitMarkdown, type MarkdownBlock } from "./fit-markdown.ts";
import { describeAsset, renderAssetMarkdown } from "./render-asset-markdown.ts";
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
  const reuse = reuseSummary(outcome.assets);
  if (outcome.assets.length > 0)
    facts.push(
      `${outcome.assets.length} ${outcome.assets.length === 1 ? "file" : "files"} reviewed`,
    );
  if (reuse.count > 0) facts.push(reuse.text);
  if (outcome.status === "completed") facts.push(formatSeverityCounts(outcome.counts));
  const accepted = outcome.acceptance?.acceptedCount ?? 0;
  if (accepted > 0) facts.push(`${accepted} accepted (not counted)`);
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

  // Sandbox files skipped for want of a marker: said once, loudly, where the reader looks first.
  // With nothing else to review, the reason already says it.
  const unmarked = outcome.skipped.filter((s) => s.reason === "no-sandbox-marker");
  if (unmarked.length > 0 && outcome.status !== "nothing-to-review") {
    const notice = sandboxMarkerNotice(unmarked.map((s) => s.file.displayPath));
    blocks.push({ full: `> [!WARNING]\n> ${sanitizeMarkdown(notice, { inline: true })}` });
  }

  if (options.chart && outcome.status === "completed") {
    blocks.push({ full: `### Issues by severity\n\n${renderSeverityChart(outcome.counts)}` });
  }

  if (outcome.assets.length > 0 || outcome.estimate !== null) {
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
      outcome.estimate === null && reuse.count === 0
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
    // Rendered only if the report gets that far: 3,000 files rendered twice over, for a summary
    // that shows a few dozen, were most of what a large review allocated at its end.
    blocks.push({
      full: () => renderAssetMarkdown(asset, { headingLevel: 3 }),
      compact: () => renderAssetMarkdown(asset, { headingLevel: 3, withDetails: false }),
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
