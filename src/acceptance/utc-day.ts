import { ACCEPTANCE_POLICY } from "./acceptance-policy.ts";

/** The UTC calendar day of `now`, `YYYY-MM-DD`. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The last day an entry may name as `expires` on the day of `now`: a year ahead, in UTC. */
export function latestExpiry(now: Date): string {
  const limit = new Date(
    Date.UTC(
      now.getUTCFullYear() + ACCEPTANCE_POLICY.maxYearsAhead,
      now.getUTCMonth(),
      now.getUTCDate(),
    ),
  );
  return utcDay(limit);
}

/** True when `text` is a real calendar date written `YYYY-MM-DD` (no 2027-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = ACCEPTANCE_POLICY.datePattern.exec(text);
  if (m === null) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return utcDay(date) === text;
}
