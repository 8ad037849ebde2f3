/** A duration for people: `42 s`, `12 min 5 s`, `3 h 20 min`, `2 d 4 h`. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < 60) return `${Math.round(s * 10) / 10} s`;
  if (s < 3600) {
    const rest = Math.round(s % 60);
    return rest === 0 ? `${Math.floor(s / 60)} min` : `${Math.floor(s / 60)} min ${rest} s`;
  }
  if (s < 86_400) {
    const rest = Math.round((s % 3600) / 60);
    return rest === 0 ? `${Math.floor(s / 3600)} h` : `${Math.floor(s / 3600)} h ${rest} min`;
  }
  const rest = Math.round((s % 86_400) / 3600);
  return rest === 0 ? `${Math.floor(s / 86_400)} d` : `${Math.floor(s / 86_400)} d ${rest} h`;
}

/** A share in [0, 1] as a percentage with one decimal: `66.7%`. */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** Rounds to one decimal, for chart values. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
