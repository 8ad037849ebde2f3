// @ts-nocheck
import type { InsightsReport, InsightsReportFormat } from "./insights-report.ts";
import { renderInsightsHtml } from "./render-insights-html.ts";
import { renderInsightsMarkdown } from "./render-insights-markdown.ts";

/** The report in one of its formats: markdown (mermaid), html (inline SVG) or json (the data). */
export function renderInsightsReport(report: InsightsReport, format: InsightsReportFormat): string {
  switch (format) {
    case "html":
      return renderInsightsHtml(report);
    case "markdown":
      return renderInsightsMarkdown(report);
    case "json":
      return `${JSON.stringify(report, null, 2)}\n`;
  }
}
