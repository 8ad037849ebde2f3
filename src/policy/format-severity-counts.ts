import { SEVERITIES, type SeverityCounts } from "./severity.ts";

/**
 * One line of severity counts, most severe first, zeros left out:
 * `"1 critical, 2 major"`, or `"no issues"`. Shared by the Action's summary and the relay.
 */
export function formatSeverityCounts(counts: Partial<SeverityCounts>): string {
  const parts: string[] = [];
  for (const severity of [...SEVERITIES, "other"] as const) {
    const n = counts[severity] ?? 0;
    if (n > 0) parts.push(`${n} ${severity}`);
  }
  return parts.length === 0 ? "no issues" : parts.join(", ");
}

/** Adds severity counts field by field (for totals over several assets). */
export function addSeverityCounts(
  a: Partial<SeverityCounts>,
  b: Partial<SeverityCounts>,
): SeverityCounts {
  return {
    critical: (a.critical ?? 0) + (b.critical ?? 0),
    major: (a.major ?? 0) + (b.major ?? 0),
    minor: (a.minor ?? 0) + (b.minor ?? 0),
    info: (a.info ?? 0) + (b.info ?? 0),
    other: (a.other ?? 0) + (b.other ?? 0),
  };
}
