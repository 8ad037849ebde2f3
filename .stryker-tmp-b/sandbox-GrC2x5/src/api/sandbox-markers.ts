/**
 * The six sandbox markers of part 4.14 rule 1, in the spec's order. With an `sk_test_` key every
 * asset filename must contain one of them; the service answers 400 for a submission with a
 * filename that has none.
 */
// @ts-nocheck

export const SANDBOX_MARKERS = Object.freeze([
  "__sandbox_pass__",
  "__sandbox_advisory__",
  "__sandbox_fail__",
  "__sandbox_error__",
  "__sandbox_retryable_error__",
  "__sandbox_pending__",
] as const);

export type SandboxMarker = (typeof SANDBOX_MARKERS)[number];

/** True when `filename` (a base name or a path's last part) carries a sandbox marker. */
export function hasSandboxMarker(filename: string): boolean {
  const base = filename.slice(filename.lastIndexOf("/") + 1);
  return SANDBOX_MARKERS.some((marker) => base.includes(marker));
}
