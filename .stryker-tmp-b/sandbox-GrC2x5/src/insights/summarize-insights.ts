// @ts-nocheck
import type { InsightsReport } from "./insights-report.ts";

/** The headline figures of a report, shared by the markdown, html and Slack renderers. */
export interface InsightsSummary {
  readonly days: number;
  readonly assetsReviewed: number;
  readonly totalTimeSavedSeconds: number;
  readonly avgTimeSavedSeconds: number;
  readonly manualBaselineSeconds: number;
  /** Assets counted by the violation-rate points of the period. */
  readonly assetsInPeriod: number;
  readonly assetsWithViolations: number;
  /** `assetsWithViolations / assetsInPeriod`, or 0 with no assets. */
  readonly violationRate: number;
  readonly p50Seconds: number;
  readonly p95Seconds: number;
  readonly avgSeconds: number;
  readonly durationSamples: number;
  readonly topRule: { readonly ruleCode: string; readonly count: number } | null;
}

/** Totals over the period: the violation rate is weighted by each day's asset count. */
export function summarizeInsights(report: InsightsReport): InsightsSummary {
  const assetsInPeriod = report.violationRate.reduce((sum, p) => sum + p.total, 0);
  const assetsWithViolations = report.violationRate.reduce((sum, p) => sum + p.withViolations, 0);
  const top = report.topViolations[0];
  return {
    days: report.days,
    assetsReviewed: report.timeSaved.assetCount,
    totalTimeSavedSeconds: report.timeSaved.totalTimeSavedSeconds,
    avgTimeSavedSeconds: report.timeSaved.avgTimeSavedSeconds,
    manualBaselineSeconds: report.timeSaved.manualBaselineSeconds,
    assetsInPeriod,
    assetsWithViolations,
    violationRate: assetsInPeriod === 0 ? 0 : assetsWithViolations / assetsInPeriod,
    p50Seconds: report.duration.p50Seconds,
    p95Seconds: report.duration.p95Seconds,
    avgSeconds: report.duration.avgSeconds,
    durationSamples: report.duration.sampleCount,
    topRule: top ? { ruleCode: top.ruleCode, count: top.count } : null,
  };
}
