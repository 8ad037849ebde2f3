/** One chart in Mermaid's `xychart-beta` syntax (renders in GitHub markdown and job summaries). */
// @ts-nocheck

export interface XyChart {
  readonly title: string;
  readonly kind: "line" | "bar";
  /** Bars drawn left to right from the y-axis. */
  readonly horizontal?: boolean;
  readonly labels: readonly string[];
  readonly values: readonly number[];
  readonly yLabel: string;
  /** Top of the value axis; at least the largest value. */
  readonly yMax: number;
}

/**
 * Mermaid strings cannot hold double quotes or line breaks, and labels come from the service:
 * quotes become single quotes, breaks spaces, and angle brackets go (no markup in a chart).
 */
export function mermaidText(text: string): string {
  return text.replace(/[<>]/g, "").replace(/["`]/g, "'").replace(/\s+/g, " ").slice(0, 60);
}

/** A fenced `mermaid` block with one line or bar series. */
export function mermaidXyChart(chart: XyChart): string {
  const labels = chart.labels.map((label) => `"${mermaidText(label)}"`).join(", ");
  const values = chart.values.map((v) => String(Math.round(v * 10) / 10)).join(", ");
  const yMax = Math.max(chart.yMax, ...chart.values, 1);
  return [
    "```mermaid",
    chart.horizontal ? "xychart-beta horizontal" : "xychart-beta",
    `  title "${mermaidText(chart.title)}"`,
    `  x-axis [${labels}]`,
    `  y-axis "${mermaidText(chart.yLabel)}" 0 --> ${Math.ceil(yMax)}`,
    `  ${chart.kind} [${values}]`,
    "```",
  ].join("\n");
}
