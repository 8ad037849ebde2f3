import type { InsightsReport } from "./insights-report.ts";

type ViolationDay = InsightsReport["violationRate"][number];

/** A row of the per-day figures: a day with assets, or a run of days without any. */
export type ViolationDayRow =
  | { readonly kind: "day"; readonly point: ViolationDay }
  | { readonly kind: "empty"; readonly from: string; readonly to: string; readonly days: number };

/**
 * The per-day points as table rows, each run of days without assets collapsed into one row, so
 * that a quiet month reads as one line, not thirty rows of "no assets". Both reports use it.
 */
export function groupViolationDays(points: readonly ViolationDay[]): ViolationDayRow[] {
  const rows: ViolationDayRow[] = [];
  for (const point of points) {
    const last = rows.at(-1);
    if (point.total > 0) rows.push({ kind: "day", point });
    else if (last?.kind === "empty")
      rows[rows.length - 1] = { ...last, to: point.date, days: last.days + 1 };
    else rows.push({ kind: "empty", from: point.date, to: point.date, days: 1 });
  }
  return rows;
}

/** The days of an empty run as shown: `2026-10-24 – 2026-11-17`, or the one date. */
export function emptyRunDays(row: { from: string; to: string }): string {
  return row.from === row.to ? row.from : `${row.from} – ${row.to}`;
}

/** What an empty run's rate cell says: `no assets`, with the number of days when several. */
export function emptyRunNote(row: { days: number }): string {
  return row.days === 1 ? "no assets" : `no assets (${row.days} days)`;
}
