// @ts-nocheck
import { escapeHtml } from "./escape-html.ts";
import { formatPercent, formatSeconds, NO_DATA, round1 } from "./format-figures.ts";
import type { InsightsReport } from "./insights-report.ts";
import { summarizeInsights } from "./summarize-insights.ts";
import {
  exactNumber,
  renderBarChartSvg,
  renderColumnChartSvg,
  renderLineChartSvg,
} from "./svg-charts.ts";

// Inline styles only: the page loads nothing (the CSP below forbids it), so it opens offline.
const STYLE = `
  body { font-family: system-ui, sans-serif; color: #1f2328; margin: 0; background: #f6f8fa; }
  main { max-width: 800px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 1.6rem; margin: 0 0 4px; }
  h2 { font-size: 1.15rem; margin: 28px 0 8px; }
  .meta { color: #57606a; margin: 0 0 20px; }
  .figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; }
  .figure { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 12px; min-width: 0; }
  .figure .value { font-size: 1.4rem; font-weight: 600; overflow-wrap: anywhere; }
  .figure .value.none { color: #57606a; font-weight: 400; }
  .figure .label { color: #57606a; font-size: 0.85rem; }
  section.chart-section { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 12px 16px; margin-top: 16px; }
  svg.chart { display: block; max-width: 640px; margin: 0 auto; }
  table { border-collapse: collapse; width: 100%; font-size: 0.85rem; margin-top: 8px; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #d0d7de; }
  td.num, th.num { text-align: right; }
  @media (max-width: 520px) {
    main { padding: 12px; }
    section.chart-section { padding: 8px; }
    th, td { padding: 4px; }
  }
  @media (prefers-color-scheme: dark) {
    body { background: #0d1117; color: #e6edf3; }
    .figure, section.chart-section { background: #161b22; border-color: #30363d; }
  }
`;

/** A headline figure; `null` for a figure with nothing behind it yet ("no data yet", not "0%"). */
function figure(value: string | null, label: string): string {
  const shown =
    value === null
      ? `<div class="value none">${NO_DATA}</div>`
      : `<div class="value">${escapeHtml(value)}</div>`;
  return `<div class="figure">${shown}<div class="label">${escapeHtml(label)}</div></div>`;
}

function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: readonly number[],
): string {
  const cls = (i: number) => (numeric.includes(i) ? ' class="num"' : "");
  const head = headers.map((h, i) => `<th${cls(i)}>${escapeHtml(h)}</th>`).join("");
  const body = rows
    .map((r) => `<tr>${r.map((c, i) => `<td${cls(i)}>${escapeHtml(c)}</td>`).join("")}</tr>`)
    .join("");
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * The insights report as one self-contained HTML page: headline figures and an inline SVG chart
 * per insight (violation-rate trend, duration average/p50/p95, top violations). No scripts, no
 * external assets; every chart is an `svg[data-chart]` whose bars are `rect.bar` and whose
 * points are `circle.point`.
 */
export function renderInsightsHtml(report: InsightsReport): string {
  const s = summarizeInsights(report);
  const period = `last ${report.days} day${report.days === 1 ? "" : "s"}`;
  const title = `Content review insights: ${period}`;
  const d = report.duration;

  const reviewed = s.assetsReviewed > 0;
  const measured = s.durationSamples > 0;
  const figures = [
    figure(
      reviewed ? formatSeconds(s.totalTimeSavedSeconds) : null,
      reviewed ? `time saved over ${s.assetsReviewed} assets` : "time saved",
    ),
    figure(
      reviewed ? formatSeconds(s.avgTimeSavedSeconds) : null,
      `saved per asset (baseline ${formatSeconds(s.manualBaselineSeconds)})`,
    ),
    figure(
      s.assetsInPeriod > 0 ? formatPercent(s.violationRate) : null,
      s.assetsInPeriod > 0
        ? `assets with violations (${s.assetsWithViolations} of ${s.assetsInPeriod})`
        : "assets with violations",
    ),
    figure(measured ? formatSeconds(s.p50Seconds) : null, "processing duration p50"),
    figure(measured ? formatSeconds(s.p95Seconds) : null, "processing duration p95"),
    figure(
      s.topRule ? s.topRule.ruleCode : reviewed ? "none" : null,
      s.topRule ? `most frequent rule (${s.topRule.count})` : "most frequent rule",
    ),
  ].join("");

  const trend = renderLineChartSvg({
    id: "violation-rate",
    title: "Assets with at least one issue, per day",
    // A day without assets has no rate: a gap in the line, not 0%.
    data: report.violationRate.map((p) => ({
      label: p.date.slice(5),
      value: p.total === 0 ? null : round1(p.rate * 100),
      tooltip:
        p.total === 0
          ? `${p.date}: no assets`
          : `${p.date}: ${formatPercent(p.rate)} (${p.withViolations} of ${p.total})`,
    })),
    max: 100,
    tick: (v) => `${exactNumber(v)}%`,
    emptyText: "No assets were reviewed in this period",
  });
  const trendTable = table(
    ["Day", "Rate", "With violations", "Assets"],
    report.violationRate.map((p) => [
      p.date,
      p.total === 0 ? "no assets" : formatPercent(p.rate),
      String(p.withViolations),
      String(p.total),
    ]),
    [1, 2, 3],
  );

  const duration = renderColumnChartSvg({
    id: "duration",
    title: "Processing duration in seconds",
    data:
      d.sampleCount === 0
        ? []
        : [
            {
              label: "average",
              value: round1(d.avgSeconds),
              tooltip: `average ${formatSeconds(d.avgSeconds)}`,
            },
            {
              label: "p50",
              value: round1(d.p50Seconds),
              tooltip: `p50 ${formatSeconds(d.p50Seconds)}`,
            },
            {
              label: "p95",
              value: round1(d.p95Seconds),
              tooltip: `p95 ${formatSeconds(d.p95Seconds)}`,
            },
          ],
    tick: (v) => `${exactNumber(v)} s`,
    emptyText: "No assets finished processing in this period",
  });

  const top = renderBarChartSvg({
    id: "top-violations",
    title: "Top rule violations",
    data: report.topViolations.map((t) => ({
      label: t.ruleCode,
      value: t.count,
      tooltip: `${t.ruleCode}: ${t.count} issue${t.count === 1 ? "" : "s"}`,
    })),
    tick: exactNumber,
    emptyText: "No rule violations in this period",
  });

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Generated ${escapeHtml(report.generatedAt.replace("T", " ").slice(0, 16))} UTC. Sandbox submissions are not counted.</p>
<div class="figures">${figures}</div>
<section class="chart-section"><h2>Violation rate per day</h2>${trend}${trendTable}</section>
<section class="chart-section"><h2>Processing duration</h2>${duration}<p class="meta">${d.sampleCount} assets measured.</p></section>
<section class="chart-section"><h2>Top rule violations</h2>${top}</section>
</main>
</body>
</html>
`;
}
