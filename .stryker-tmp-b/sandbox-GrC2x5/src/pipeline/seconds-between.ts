/**
 * Seconds from one ISO 8601 time to another, e.g. an asset's `startedAt` to its `completedAt`
 * (part 2.1: together they give the processing duration). Null when either is missing or
 * unreadable, or when the end comes before the start.
 */
// @ts-nocheck

export function secondsBetween(
  start: string | null | undefined,
  end: string | null | undefined,
): number | null {
  if (!start || !end) return null;
  const ms = Date.parse(end) - Date.parse(start);
  return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : null;
}
