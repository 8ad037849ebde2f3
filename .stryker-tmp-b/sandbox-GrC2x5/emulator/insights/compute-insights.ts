// @ts-nocheck
import type { AssetRecord } from "../state/emulator-state.ts";

const DAY_MS = 86_400_000;

/** Live assets only: sandbox submissions are excluded from every insight (part 4.13). */
function liveTerminal(assets: readonly AssetRecord[]): AssetRecord[] {
  return assets.filter(
    (a) => a.kind === "live" && (a.status === "complete" || a.status === "failed") && a.completedAt,
  );
}

function durationSeconds(a: AssetRecord): number | undefined {
  if (!a.startedAt || !a.completedAt) return undefined;
  return Math.max(0, (Date.parse(a.completedAt) - Date.parse(a.startedAt)) / 1000);
}

function withinDays(a: AssetRecord, days: number, now: Date): boolean {
  return Date.parse(a.completedAt!) >= now.getTime() - days * DAY_MS;
}

/** time-saved: per completed asset, the manual baseline minus the review duration (never below 0). */
export function timeSaved(
  assets: readonly AssetRecord[],
  days: number,
  manualBaselineSeconds: number,
  now: Date,
) {
  const done = liveTerminal(assets).filter(
    (a) => a.status === "complete" && withinDays(a, days, now),
  );
  const saved = done.map((a) => Math.max(0, manualBaselineSeconds - (durationSeconds(a) ?? 0)));
  const total = saved.reduce((s, x) => s + x, 0);
  return {
    avgTimeSavedSeconds: done.length ? round(total / done.length) : 0,
    totalTimeSavedSeconds: round(total),
    assetCount: done.length,
    manualBaselineSeconds,
  };
}

/** violation-rate: the last 30 UTC days, oldest first, one element per day (assumption). */
export function violationRate(assets: readonly AssetRecord[], now: Date) {
  const done = liveTerminal(assets).filter((a) => a.status === "complete");
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10);
    const onDay = done.filter((a) => a.completedAt!.slice(0, 10) === date);
    const withViolations = onDay.filter((a) => (a.issues?.length ?? 0) > 0).length;
    return {
      date,
      rate: onDay.length ? round(withViolations / onDay.length) : 0,
      total: onDay.length,
      withViolations,
    };
  });
}

/** duration: over every terminal live asset (complete or failed); nearest-rank percentiles. */
export function processingDuration(assets: readonly AssetRecord[]) {
  const samples = liveTerminal(assets)
    .map(durationSeconds)
    .filter((d): d is number => d !== undefined)
    .sort((a, b) => a - b);
  const pick = (p: number) =>
    samples.length ? samples[Math.max(0, Math.ceil(p * samples.length) - 1)]! : 0;
  const avg = samples.length ? samples.reduce((s, x) => s + x, 0) / samples.length : 0;
  return {
    avgSeconds: round(avg),
    p50Seconds: round(pick(0.5)),
    p95Seconds: round(pick(0.95)),
    sampleCount: samples.length,
  };
}

/** top-violations: rule codes of issues on completed live assets, most frequent first, ties by code. */
export function topViolations(
  assets: readonly AssetRecord[],
  days: number,
  limit: number,
  now: Date,
) {
  const counts = new Map<string, number>();
  for (const a of liveTerminal(assets)) {
    if (!withinDays(a, days, now)) continue;
    for (const issue of a.issues ?? [])
      counts.set(issue.ruleCode, (counts.get(issue.ruleCode) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([ruleCode, count]) => ({ ruleCode, count }))
    .sort((a, b) => b.count - a.count || a.ruleCode.localeCompare(b.ruleCode))
    .slice(0, limit);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
