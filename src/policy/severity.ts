/**
 * Severity policy, as data: the order of the severities the service reports (part 2.5)
 * and the `fail-on` thresholds built on them. Shared by the pipeline, the reports, the Action,
 * the CLI and the relay.
 */

/** Known issue severities, most severe first. */
export const SEVERITIES = Object.freeze(["critical", "major", "minor", "info"] as const);

export type Severity = (typeof SEVERITIES)[number];

/** A `fail-on` threshold: a severity, or `never` to never fail on findings. */
export const FAIL_ON_VALUES = Object.freeze([...SEVERITIES, "never"] as const);

export type FailOn = (typeof FAIL_ON_VALUES)[number];

/** The threshold when none is given: the Action's `fail-on`, the CLI's `--fail-on`, the relay's links. */
export const DEFAULT_FAIL_ON: FailOn = "critical";

const RANK: ReadonlyMap<string, number> = new Map(SEVERITIES.map((s, i) => [s, i]));

/**
 * Rank of a severity: 0 is most severe. Unknown severities (the spec does not list them all)
 * rank just below `info`, so they are shown but never fail a run on their own.
 */
export function severityRank(severity: string): number {
  return RANK.get(severity.toLowerCase()) ?? SEVERITIES.length;
}

/** True when `severity` is at or above the `failOn` threshold. */
export function meetsThreshold(severity: string, failOn: FailOn): boolean {
  if (failOn === "never") return false;
  return severityRank(severity) <= severityRank(failOn);
}

/** Counts per known severity, plus `other` for severities outside the known list. */
export type SeverityCounts = Record<Severity | "other", number>;

/** Counts with every severity at zero. */
export function noSeverityCounts(): SeverityCounts {
  return { critical: 0, major: 0, minor: 0, info: 0, other: 0 };
}

/** Count items by their `severity` field. */
export function countBySeverity(items: Iterable<{ severity: string }>): SeverityCounts {
  const counts = noSeverityCounts();
  for (const item of items) {
    const s = item.severity.toLowerCase();
    if (RANK.has(s)) counts[s as Severity] += 1;
    else counts.other += 1;
  }
  return counts;
}

/** Sort comparator: most severe first. */
export function bySeverity(a: { severity: string }, b: { severity: string }): number {
  return severityRank(a.severity) - severityRank(b.severity);
}
