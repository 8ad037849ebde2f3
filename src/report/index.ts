// Report rendering shared by the Action, the CLI and the relay. Everything else here is internal.

export { describeReuse } from "./describe-reuse.ts";
export { fitMarkdown, type MarkdownBlock } from "./fit-markdown.ts";
export { type IssueLocation, issueLocation, issueLocationIn } from "./issue-location.ts";
export { prettyJsonChunks } from "./pretty-json-chunks.ts";
export {
  type AssetMarkdownOptions,
  describeAsset,
  renderAssetMarkdown,
} from "./render-asset-markdown.ts";
export {
  type IssueAcceptance,
  renderIssueHeadline,
  renderIssueMarkdown,
  SEVERITY_MARKERS,
} from "./render-issue-markdown.ts";
export { JSON_REPORT_VERSION, renderJsonReport } from "./render-json-report.ts";
export { type JunitOptions, renderJunit } from "./render-junit.ts";
export {
  CHECK_SUMMARY_LIMIT,
  type MarkdownReportOptions,
  renderMarkdownReport,
} from "./render-markdown-report.ts";
export { renderSarif, type SarifOptions } from "./render-sarif.ts";
export { SARIF_LEVELS } from "./render-sarif-rule.ts";
export { renderSeverityChart } from "./render-severity-chart.ts";
export { inlineCode, safeLink, sanitizeMarkdown } from "./sanitize-markdown.ts";
