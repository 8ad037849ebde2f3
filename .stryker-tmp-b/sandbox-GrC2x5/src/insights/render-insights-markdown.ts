// @ts-nocheck
import { inlineCode, sanitizeMarkdown } from "../report/index.ts";
import { formatPercent, formatSeconds, NO_DATA, round1 } from "./format-figures.ts";
import type { InsightsReport } from "./insights-report.ts";
import { mermaidXyChart } from "./mermaid-xychart.ts";
import { summarizeInsights } from "./summarize-insights.ts";

/** Service text in a table cell: sanitized (shared report rules), pipes escaped. */
function cell(text: string): string {
  return sanitizeMarkdown(text, { inline: true });
}

/** A rule code as inline code inside a table cell. */
function code(text: string): string {
  return inlineCode(text).replace(/\|/g, "\\|");
}

function headline(report: InsightsReport): string {
  const s = summarizeInsights(report);
  const rows: [string, string][] = [
    [
      "Time saved",
      s.assetsReviewed === 0
        ? NO_DATA
        : `${formatSeconds(s.totalTimeSavedSeconds)} over ${s.assetsReviewed} assets (${formatSeconds(s.avgTimeSavedSeconds)} per asset against a manual baseline of ${formatSeconds(s.manualBaselineSeconds)})`,
    ],
    [
      "Assets with violations",
      s.assetsInPeriod === 0
        ? NO_DATA
        : `${formatPercent(s.violationRate)} (${s.assetsWithViolations} of ${s.assetsInPeriod})`,
    ],
    [
      "Processing duration",
      s.durationSamples === 0
        ? NO_DATA
        : `p50 ${formatSeconds(s.p50Seconds)}, p95 ${formatSeconds(s.p95Seconds)} (average ${formatSeconds(s.avgSeconds)}, ${s.durationSamples} samples)`,
    ],
    ["Most frequent rule", s.topRule ? `${code(s.topRule.ruleCode)} (${s.topRule.count})` : "none"],
  ];
  return ["| Figure | Value |", "| --- | --- |", ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join(
    "\n",
  );
}

function violationRateSection(report: InsightsReport): string {
  const points = report.violationRate;
  if (points.length === 0) return "No assets were reviewed in this period.";
  const chart = mermaidXyChart({
    title: "Assets with at least one issue, per day (%)",
    kind: "line",
    labels: points.map((p) => p.date.slice(5)),
    values: points.map((p) => round1(p.rate * 100)),
    yLabel: "%",
    yMax: 100,
  });
  const table = [
    "| Day | Rate | With violations | Assets |",
    "| --- | ---: | ---: | ---: |",
    ...points.map(
      (p) => `| ${cell(p.date)} | ${formatPercent(p.rate)} | ${p.withViolations} | ${p.total} |`,
    ),
  ].join("\n");
  return `${chart}\n\n<details><summary>Figures per day</summary>\n\n${table}\n\n</details>`;
}

function durationSection(report: InsightsReport): string {
  const d = report.duration;
  if (d.sampleCount === 0) return "No assets finished processing in this period.";
  const values = [d.avgSeconds, d.p50Seconds, d.p95Seconds].map(round1);
  const chart = mermaidXyChart({
    title: "Processing duration (seconds)",
    kind: "bar",
    labels: ["average", "p50", "p95"],
    values,
    yLabel: "seconds",
    yMax: Math.max(...values) * 1.1,
  });
  return `${chart}\n\n${d.sampleCount} assets: p50 ${formatSeconds(d.p50Seconds)}, p95 ${formatSeconds(d.p95Seconds)}, average ${formatSeconds(d.avgSeconds)}.`;
}

function topViolationsSection(report: InsightsReport): string {
  const top = report.topViolations;
  if (top.length === 0) return "No rule violations in this period.";
  const chart = mermaidXyChart({
    title: "Top rule violations",
    kind: "bar",
    horizontal: true,
    labels: top.map((t) => t.ruleCode),
    values: top.map((t) => t.count),
    yLabel: "issues",
    yMax: Math.max(...top.map((t) => t.count)),
  });
  const table = [
    "| Rank | Rule | Issues |",
    "| ---: | --- | ---: |",
    ...top.map((t, i) => `| ${i + 1} | ${code(t.ruleCode)} | ${t.count} |`),
  ].join("\n");
  return `${chart}\n\n${table}`;
}

/**
 * The insights report as GitHub-flavoured markdown: headline figures, then a Mermaid chart per
 * insight (violation-rate trend, duration p50/p95, top violations) with the figures as tables.
 */
export function renderInsightsMarkdown(report: InsightsReport): string {
  const generated = report.generatedAt.replace("T", " ").slice(0, 16);
  return [
    `## Content review insights: last ${report.days} day${report.days === 1 ? "" : "s"}`,
    `_Generated ${generated} UTC. Sandbox submissions are not counted._`,
    headline(report),
    "### Violation rate per day",
    violationRateSection(report),
    "### Processing duration",
    durationSection(report),
    "### Top rule violations",
    topViolationsSection(report),
    "",
  ].join("\n\n");
}
