// @ts-nocheck
import { formatPercent, formatSeconds, NO_DATA } from "./format-figures.ts";
import type { InsightsReport } from "./insights-report.ts";
import { summarizeInsights } from "./summarize-insights.ts";

/** Slack mrkdwn treats these as control characters. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The top figures of a report as one Slack message text (mrkdwn). */
export function formatInsightsSlack(report: InsightsReport): string {
  const s = summarizeInsights(report);
  const top = report.topViolations
    .slice(0, 3)
    .map((t) => `\`${escapeMrkdwn(t.ruleCode)}\` (${t.count})`)
    .join(", ");
  return [
    `*Content review insights, last ${report.days} days*`,
    `• Time saved: ${s.assetsReviewed === 0 ? NO_DATA : `${formatSeconds(s.totalTimeSavedSeconds)} over ${s.assetsReviewed} assets`}`,
    `• Assets with violations: ${s.assetsInPeriod === 0 ? NO_DATA : `${formatPercent(s.violationRate)} (${s.assetsWithViolations} of ${s.assetsInPeriod})`}`,
    `• Processing duration: ${s.durationSamples === 0 ? NO_DATA : `p50 ${formatSeconds(s.p50Seconds)}, p95 ${formatSeconds(s.p95Seconds)}`}`,
    `• Top rules: ${top || "none"}`,
  ].join("\n");
}
