// @ts-nocheck
import type {
  DurationInsight,
  TimeSavedInsight,
  TopViolationsInsight,
  ViolationRateInsight,
} from "../../api/index.ts";
import { formatPercent, formatSeconds } from "../../insights/index.ts";
import { formatFields, formatTable } from "../format-table.ts";

/** Time saved against the manual baseline (part 2.13). */
export function formatTimeSaved(insight: TimeSavedInsight): string {
  return formatFields([
    ["total saved", formatSeconds(insight.totalTimeSavedSeconds)],
    ["per asset", formatSeconds(insight.avgTimeSavedSeconds)],
    ["assets", insight.assetCount],
    ["manual baseline", formatSeconds(insight.manualBaselineSeconds)],
  ]);
}

/** The share of assets with at least one issue, one row per day. */
export function formatViolationRate(points: ViolationRateInsight): string {
  return formatTable(
    [
      { header: "day", value: (p) => p.date },
      { header: "rate", value: (p) => formatPercent(p.rate), align: "right" },
      { header: "with violations", value: (p) => p.withViolations, align: "right" },
      { header: "assets", value: (p) => p.total, align: "right" },
    ],
    points,
    "(no days)",
  );
}

/** Processing duration percentiles. */
export function formatDuration(insight: DurationInsight): string {
  return formatFields([
    ["p50", formatSeconds(insight.p50Seconds)],
    ["p95", formatSeconds(insight.p95Seconds)],
    ["average", formatSeconds(insight.avgSeconds)],
    ["samples", insight.sampleCount],
  ]);
}

/** Rules ranked by how often they were violated. */
export function formatTopViolations(top: TopViolationsInsight): string {
  return formatTable(
    [
      { header: "rank", value: (t) => top.indexOf(t) + 1, align: "right" },
      { header: "rule", value: (t) => t.ruleCode },
      { header: "issues", value: (t) => t.count, align: "right" },
    ],
    top,
    "(no violations)",
  );
}
