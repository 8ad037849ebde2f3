/** `whole` units of `size` as `3 h 20 min`: the larger unit, then the rest if any. */
// @ts-nocheck

function twoUnits(whole: number, size: number, big: string, small: string): string {
  const rest = whole % size;
  const head = `${Math.floor(whole / size)} ${big}`;
  return rest === 0 ? head : `${head} ${rest} ${small}`;
}

/**
 * A duration for people: `42 s`, `12 min 5 s`, `3 h 20 min`, `2 d 4 h`. Each form rounds to
 * its smaller unit first, so a rounding carries into the larger one (never `29 min 60 s`).
 */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, seconds);
  const tenths = Math.round(s * 10) / 10;
  if (tenths < 60) return `${tenths} s`;
  const wholeSeconds = Math.round(s);
  if (wholeSeconds < 3600) return twoUnits(wholeSeconds, 60, "min", "s");
  const minutes = Math.round(s / 60);
  if (minutes < 1440) return twoUnits(minutes, 60, "h", "min");
  return twoUnits(Math.round(s / 3600), 24, "d", "h");
}

/** A share in [0, 1] as a percentage with one decimal: `66.7%`. */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** Rounds to one decimal, for chart values. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Shown instead of a figure that has nothing behind it yet (an empty workspace or period). */
export const NO_DATA = "no data yet";
