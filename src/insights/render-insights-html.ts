import { plural } from "../policy/index.ts";
import { escapeHtml } from "./escape-html.ts";
import {
  durationChartHtml,
  topViolationsChartHtml,
  violationTrendHtml,
} from "./insights-html-charts.ts";
import { insightsHtmlFigures } from "./insights-html-figures.ts";
import { INSIGHTS_HTML_STYLE } from "./insights-html-style.ts";
import type { InsightsReport } from "./insights-report.ts";
import { summarizeInsights } from "./summarize-insights.ts";

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

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${INSIGHTS_HTML_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Generated ${escapeHtml(report.generatedAt.replace("T", " ").slice(0, 16))} UTC. Sandbox submissions are not counted.</p>
<div class="figures">${insightsHtmlFigures(s)}</div>
<section class="chart-section"><h2>Violation rate per day</h2>${violationTrendHtml(report)}</section>
<section class="chart-section"><h2>Processing duration</h2>${durationChartHtml(d)}<p class="meta">${plural(d.sampleCount, "asset")} measured.</p></section>
<section class="chart-section"><h2>Top rule violations</h2>${topViolationsChartHtml(report)}</section>
</main>
</body>
</html>
`;
}
