// @ts-nocheck
// The public surface of the insights report: fetch the four insights, render them.
export { type FetchInsightsOptions, fetchInsights, type InsightsSource } from "./fetch-insights.ts";
export { formatPercent, formatSeconds } from "./format-figures.ts";
export { formatInsightsSlack } from "./format-insights-slack.ts";
export {
  INSIGHTS_REPORT_FORMATS,
  type InsightsReport,
  type InsightsReportFormat,
} from "./insights-report.ts";
export { postInsightsToSlack, type SlackTarget } from "./post-insights-to-slack.ts";
export { renderInsightsHtml } from "./render-insights-html.ts";
export { renderInsightsMarkdown } from "./render-insights-markdown.ts";
export { renderInsightsReport } from "./render-insights-report.ts";
export { SlackPostError } from "./slack-post-error.ts";
export { type InsightsSummary, summarizeInsights } from "./summarize-insights.ts";
