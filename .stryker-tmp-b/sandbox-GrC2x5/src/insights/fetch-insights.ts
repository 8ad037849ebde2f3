// @ts-nocheck
import type { ContentReviewClient } from "../api/index.ts";
import type { InsightsReport } from "./insights-report.ts";

/** The client methods the report needs, so tests can pass a stub. */
export type InsightsSource = Pick<
  ContentReviewClient,
  | "getTimeSavedInsight"
  | "getViolationRateInsight"
  | "getProcessingDurationInsight"
  | "getTopViolationsInsight"
>;

/** Options of {@link fetchInsights}. */
export interface FetchInsightsOptions {
  /** The period, in days (1 to 365). @default 7 */
  readonly days?: number;
  /** Manual review time per asset that time saved is measured against, in seconds; the service default when unset. */
  readonly manualBaselineSeconds?: number;
  /** How many rules to rank (1 to 50). @default 10 */
  readonly limit?: number;
  /** Clock for `generatedAt`. @default Date.now */
  readonly now?: () => number;
  readonly signal?: AbortSignal;
}

/**
 * Reads the four insights (part 4.13) in parallel. The violation-rate endpoint takes no period,
 * so its daily points are cut to the last `days` here; the duration endpoint takes none either
 * and covers the service's own window.
 */
export async function fetchInsights(
  source: InsightsSource,
  options: FetchInsightsOptions = {},
): Promise<InsightsReport> {
  const days = options.days ?? 7;
  const call = { signal: options.signal };
  const [timeSaved, violationRate, duration, topViolations] = await Promise.all([
    source.getTimeSavedInsight(
      {
        days,
        ...(options.manualBaselineSeconds === undefined
          ? {}
          : { manualBaselineSeconds: options.manualBaselineSeconds }),
      },
      call,
    ),
    source.getViolationRateInsight(call),
    source.getProcessingDurationInsight(call),
    source.getTopViolationsInsight({ days, limit: options.limit ?? 10 }, call),
  ]);
  const byDate = [...violationRate].sort((a, b) => a.date.localeCompare(b.date));
  return {
    days,
    generatedAt: new Date((options.now ?? Date.now)()).toISOString(),
    timeSaved,
    violationRate: byDate.slice(-days),
    duration,
    topViolations: [...topViolations].sort((a, b) => b.count - a.count),
  };
}
