// @ts-nocheck
import { SEVERITIES, type SeverityCounts } from "../policy/index.ts";

/**
 * A mermaid pie chart of issues by severity, for the job summary. Empty slices are left out
 * (mermaid draws nothing for them); with no issues at all, a sentence replaces the chart.
 */
export function renderSeverityChart(
  counts: Partial<SeverityCounts>,
  title = "Issues by severity",
): string {
  const slices = [...SEVERITIES, "other" as const]
    .map((severity) => [severity, counts[severity] ?? 0] as const)
    .filter(([, n]) => n > 0);
  if (slices.length === 0) return "No issues found.";
  const lines = slices.map(([severity, n]) => `    "${severity}" : ${n}`);
  return [
    "```mermaid",
    `pie showData title ${title.replace(/[\r\n"]/g, " ")}`,
    ...lines,
    "```",
  ].join("\n");
}
