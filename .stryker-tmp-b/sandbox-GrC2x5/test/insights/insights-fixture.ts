// @ts-nocheck
import type { InsightsReport } from "../../src/insights/index.ts";

/** A report of `days` days with findings on some of them. */
export function reportFixture(days = 7, topCount = 4): InsightsReport {
  const violationRate = Array.from({ length: days }, (_, i) => {
    const total = i % 3 === 0 ? 0 : 4 + i;
    const withViolations = Math.floor(total / 2);
    const date = new Date(Date.UTC(2026, 10, 22 - (days - 1) + i)).toISOString().slice(0, 10);
    return { date, total, withViolations, rate: total === 0 ? 0 : withViolations / total };
  });
  const codes = [
    "CLAIM_GUARANTEE",
    "CLAIM_CLINICAL",
    "URGENCY_PRESSURE",
    "OFFER_FREE_NO_TERMS",
    "HEALTH_CURE",
    "PERSONAL_DATA_EMAIL",
  ];
  return {
    days,
    generatedAt: "2026-11-22T08:00:00.000Z",
    timeSaved: {
      avgTimeSavedSeconds: 1790,
      totalTimeSavedSeconds: 53_700,
      assetCount: 30,
      manualBaselineSeconds: 1800,
    },
    violationRate,
    duration: { avgSeconds: 12.5, p50Seconds: 9, p95Seconds: 41.2, sampleCount: 30 },
    topViolations: codes.slice(0, topCount).map((ruleCode, i) => ({ ruleCode, count: 24 - i * 4 })),
  };
}
