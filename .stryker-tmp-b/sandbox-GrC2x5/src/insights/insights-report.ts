// @ts-nocheck
import type {
  DurationInsight,
  TimeSavedInsight,
  TopViolationsInsight,
  ViolationRateInsight,
} from "../api/index.ts";

/** The four insights of part 2.13 over one period: the input of every renderer here. */
export interface InsightsReport {
  /** Length of the period in days (the last `days` UTC days, today included). */
  readonly days: number;
  /** When the figures were read (ISO 8601). */
  readonly generatedAt: string;
  readonly timeSaved: TimeSavedInsight;
  /** One point per day, oldest first, at most `days` of them. */
  readonly violationRate: ViolationRateInsight;
  readonly duration: DurationInsight;
  /** Most frequent rules first. */
  readonly topViolations: TopViolationsInsight;
}

/** The report formats `insights report` writes. */
export const INSIGHTS_REPORT_FORMATS = Object.freeze(["markdown", "html", "json"] as const);

export type InsightsReportFormat = (typeof INSIGHTS_REPORT_FORMATS)[number];
