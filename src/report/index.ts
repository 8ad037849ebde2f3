// Report rendering shared by the Action, the CLI and the relay. Everything else here is internal.

export { fitMarkdown, type MarkdownBlock } from "./fit-markdown.ts";
export { addSeverityCounts, formatSeverityCounts } from "./format-severity-counts.ts";
export { plural } from "./plural.ts";
export {
  type AssetMarkdownOptions,
  describeAsset,
  renderAssetMarkdown,
} from "./render-asset-markdown.ts";
export {
  renderIssueHeadline,
  renderIssueMarkdown,
  SEVERITY_MARKERS,
} from "./render-issue-markdown.ts";
export { JSON_REPORT_VERSION, renderJsonReport } from "./render-json-report.ts";
export { type JunitOptions, renderJunit } from "./render-junit.ts";
export {
  CHECK_SUMMARY_LIMIT,
  CONCLUSION_LABELS,
  type MarkdownReportOptions,
  renderMarkdownReport,
} from "./render-markdown-report.ts";
export { renderSarif, SARIF_LEVELS, type SarifOptions } from "./render-sarif.ts";
export { renderSeverityChart } from "./render-severity-chart.ts";
export { inlineCode, safeLink, sanitizeMarkdown } from "./sanitize-markdown.ts";
export {
  bySeverity,
  countBySeverity,
  FAIL_ON_VALUES,
  type FailOn,
  meetsThreshold,
  SEVERITIES,
  type Severity,
  type SeverityCounts,
  severityRank,
} from "./severity.ts";
