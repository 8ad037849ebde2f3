/** What one probe of a sustained rate saw. */
export interface ProbeRecord {
  /** The offered rate (requests a second). */
  readonly rate: number;
  readonly seconds: number;
  /** Requests answered 2xx. */
  readonly acknowledged: number;
  /** The journal's backlog (entries waiting or running) at the probe's end. */
  readonly finalBacklog: number;
}

/**
 * A rate is sustained end to end when the relay acknowledged what was offered (at least 95%:
 * the load generator's pacing loses a little) and its worker kept up: the backlog at the end of
 * the probe is at most one second of input. A worker slower than the input by 4% or more
 * leaves more than that after 30 s.
 */
export function isSustained(probe: ProbeRecord): boolean {
  const offered = probe.rate * probe.seconds;
  return probe.acknowledged >= 0.95 * offered && probe.finalBacklog <= probe.rate;
}

/**
 * The next rate of a bisection between a rate sustained (`lo`) and one not (`hi`), or null
 * once `left` probes are spent or the interval is narrower than `resolution`.
 */
export function nextRate(lo: number, hi: number, left: number, resolution: number): number | null {
  if (left <= 0 || hi - lo <= resolution) return null;
  return Math.round((lo + hi) / 2);
}
