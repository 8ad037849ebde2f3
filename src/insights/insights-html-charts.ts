import { formatPercent, formatSeconds, round1 } from "./format-figures.ts";
import { emptyRunDays, emptyRunNote, groupViolationDays } from "./group-violation-days.ts";
import { htmlTable } from "./html-table.ts";
import type { InsightsReport } from "./insights-report.ts";
import {
  exactNumber,
  renderBarChartSvg,
  renderColumnChartSvg,
  renderLineChartSvg,
} from "./svg-charts.ts";

/** The violation-rate trend: a line chart with its table of days (empty runs folded). */
export function violationTrendHtml(report: InsightsReport): string {
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
  const trendTable = htmlTable(
    ["Day", "Rate", "With violations", "Assets"],
    groupViolationDays(report.violationRate).map((row) =>
      row.kind === "empty"
        ? [emptyRunDays(row), emptyRunNote(row), "0", "0"]
        : [
            row.point.date,
            formatPercent(row.point.rate),
            String(row.point.withViolations),
            String(row.point.total),
          ],
    ),
    [1, 2, 3],
  );

  return `${trend}${trendTable}`;
}

/** Processing duration: average, p50 and p95 as columns. */
export function durationChartHtml(d: InsightsReport["duration"]): string {
  return renderColumnChartSvg({
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
}

/** Top rule violations as bars. */
export function topViolationsChartHtml(report: InsightsReport): string {
  return renderBarChartSvg({
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
}
