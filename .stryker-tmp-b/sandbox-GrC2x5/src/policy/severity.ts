/**
 * Severity policy, as data: the order of the severities the service reports (part 2.5)
 * and the `fail-on` thresholds built on them. Shared by the pipeline, the reports, the Action,
 * the CLI and the relay.
 */
// @ts-nocheck


/** Known issue severities, most severe first. */function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
export const SEVERITIES = Object.freeze(["critical", "major", "minor", "info"] as const);
export type Severity = typeof SEVERITIES[number];

/** A `fail-on` threshold: a severity, or `never` to never fail on findings. */
export const FAIL_ON_VALUES = Object.freeze([...SEVERITIES, "never"] as const);
export type FailOn = typeof FAIL_ON_VALUES[number];

/** The threshold when none is given: the Action's `fail-on`, the CLI's `--fail-on`, the relay's links. */
export const DEFAULT_FAIL_ON: FailOn = stryMutAct_9fa48("58") ? "" : (stryCov_9fa48("58"), "critical");
const RANK: ReadonlyMap<string, number> = new Map(SEVERITIES.map(stryMutAct_9fa48("59") ? () => undefined : (stryCov_9fa48("59"), (s, i) => stryMutAct_9fa48("60") ? [] : (stryCov_9fa48("60"), [s, i]))));

/**
 * Rank of a severity: 0 is most severe. Unknown severities (the spec does not list them all)
 * rank just below `info`, so they are shown but never fail a run on their own.
 */
export function severityRank(severity: string): number {
  if (stryMutAct_9fa48("61")) {
    {}
  } else {
    stryCov_9fa48("61");
    return stryMutAct_9fa48("62") ? RANK.get(severity.toLowerCase()) && SEVERITIES.length : (stryCov_9fa48("62"), RANK.get(stryMutAct_9fa48("63") ? severity.toUpperCase() : (stryCov_9fa48("63"), severity.toLowerCase())) ?? SEVERITIES.length);
  }
}

/** True when `severity` is at or above the `failOn` threshold. */
export function meetsThreshold(severity: string, failOn: FailOn): boolean {
  if (stryMutAct_9fa48("64")) {
    {}
  } else {
    stryCov_9fa48("64");
    if (stryMutAct_9fa48("67") ? failOn !== "never" : stryMutAct_9fa48("66") ? false : stryMutAct_9fa48("65") ? true : (stryCov_9fa48("65", "66", "67"), failOn === (stryMutAct_9fa48("68") ? "" : (stryCov_9fa48("68"), "never")))) return stryMutAct_9fa48("69") ? true : (stryCov_9fa48("69"), false);
    return stryMutAct_9fa48("73") ? severityRank(severity) > severityRank(failOn) : stryMutAct_9fa48("72") ? severityRank(severity) < severityRank(failOn) : stryMutAct_9fa48("71") ? false : stryMutAct_9fa48("70") ? true : (stryCov_9fa48("70", "71", "72", "73"), severityRank(severity) <= severityRank(failOn));
  }
}

/** Counts per known severity, plus `other` for severities outside the known list. */
export type SeverityCounts = Record<Severity | "other", number>;

/** Counts with every severity at zero. */
export function noSeverityCounts(): SeverityCounts {
  if (stryMutAct_9fa48("74")) {
    {}
  } else {
    stryCov_9fa48("74");
    return stryMutAct_9fa48("75") ? {} : (stryCov_9fa48("75"), {
      critical: 0,
      major: 0,
      minor: 0,
      info: 0,
      other: 0
    });
  }
}

/** Count items by their `severity` field. */
export function countBySeverity(items: Iterable<{
  severity: string;
}>): SeverityCounts {
  if (stryMutAct_9fa48("76")) {
    {}
  } else {
    stryCov_9fa48("76");
    const counts = noSeverityCounts();
    for (const item of items) {
      if (stryMutAct_9fa48("77")) {
        {}
      } else {
        stryCov_9fa48("77");
        const s = stryMutAct_9fa48("78") ? item.severity.toUpperCase() : (stryCov_9fa48("78"), item.severity.toLowerCase());
        if (stryMutAct_9fa48("80") ? false : stryMutAct_9fa48("79") ? true : (stryCov_9fa48("79", "80"), RANK.has(s))) stryMutAct_9fa48("81") ? counts[s as Severity] -= 1 : (stryCov_9fa48("81"), counts[s as Severity] += 1);else stryMutAct_9fa48("82") ? counts.other -= 1 : (stryCov_9fa48("82"), counts.other += 1);
      }
    }
    return counts;
  }
}

/** Sort comparator: most severe first. */
export function bySeverity(a: {
  severity: string;
}, b: {
  severity: string;
}): number {
  if (stryMutAct_9fa48("83")) {
    {}
  } else {
    stryCov_9fa48("83");
    return stryMutAct_9fa48("84") ? severityRank(a.severity) + severityRank(b.severity) : (stryCov_9fa48("84"), severityRank(a.severity) - severityRank(b.severity));
  }
}