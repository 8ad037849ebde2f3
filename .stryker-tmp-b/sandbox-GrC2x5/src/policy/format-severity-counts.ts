// @ts-nocheck
function stryNS_9fa48() {
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
import { SEVERITIES, type SeverityCounts } from "./severity.ts";

/**
 * One line of severity counts, most severe first, zeros left out:
 * `"1 critical, 2 major"`, or `"no issues"`. Shared by the Action's summary and the relay.
 */
export function formatSeverityCounts(counts: Partial<SeverityCounts>): string {
  if (stryMutAct_9fa48("20")) {
    {}
  } else {
    stryCov_9fa48("20");
    const parts: string[] = stryMutAct_9fa48("21") ? ["Stryker was here"] : (stryCov_9fa48("21"), []);
    for (const severity of [...SEVERITIES, "other"] as const) {
      if (stryMutAct_9fa48("22")) {
        {}
      } else {
        stryCov_9fa48("22");
        const n = stryMutAct_9fa48("23") ? counts[severity] && 0 : (stryCov_9fa48("23"), counts[severity] ?? 0);
        if (stryMutAct_9fa48("27") ? n <= 0 : stryMutAct_9fa48("26") ? n >= 0 : stryMutAct_9fa48("25") ? false : stryMutAct_9fa48("24") ? true : (stryCov_9fa48("24", "25", "26", "27"), n > 0)) parts.push(stryMutAct_9fa48("29") ? `` : (stryCov_9fa48("29"), `${n} ${severity}`));
      }
    }
    return (stryMutAct_9fa48("32") ? parts.length !== 0 : stryMutAct_9fa48("31") ? false : stryMutAct_9fa48("30") ? true : (stryCov_9fa48("30", "31", "32"), parts.length === 0)) ? stryMutAct_9fa48("33") ? "" : (stryCov_9fa48("33"), "no issues") : parts.join(stryMutAct_9fa48("34") ? "" : (stryCov_9fa48("34"), ", "));
  }
}

/** Adds severity counts field by field (for totals over several assets). */
export function addSeverityCounts(a: Partial<SeverityCounts>, b: Partial<SeverityCounts>): SeverityCounts {
  if (stryMutAct_9fa48("35")) {
    {}
  } else {
    stryCov_9fa48("35");
    return stryMutAct_9fa48("36") ? {} : (stryCov_9fa48("36"), {
      critical: stryMutAct_9fa48("37") ? (a.critical ?? 0) - (b.critical ?? 0) : (stryCov_9fa48("37"), (stryMutAct_9fa48("38") ? a.critical && 0 : (stryCov_9fa48("38"), a.critical ?? 0)) + (stryMutAct_9fa48("39") ? b.critical && 0 : (stryCov_9fa48("39"), b.critical ?? 0))),
      major: stryMutAct_9fa48("40") ? (a.major ?? 0) - (b.major ?? 0) : (stryCov_9fa48("40"), (stryMutAct_9fa48("41") ? a.major && 0 : (stryCov_9fa48("41"), a.major ?? 0)) + (stryMutAct_9fa48("42") ? b.major && 0 : (stryCov_9fa48("42"), b.major ?? 0))),
      minor: stryMutAct_9fa48("43") ? (a.minor ?? 0) - (b.minor ?? 0) : (stryCov_9fa48("43"), (stryMutAct_9fa48("44") ? a.minor && 0 : (stryCov_9fa48("44"), a.minor ?? 0)) + (stryMutAct_9fa48("45") ? b.minor && 0 : (stryCov_9fa48("45"), b.minor ?? 0))),
      info: stryMutAct_9fa48("46") ? (a.info ?? 0) - (b.info ?? 0) : (stryCov_9fa48("46"), (stryMutAct_9fa48("47") ? a.info && 0 : (stryCov_9fa48("47"), a.info ?? 0)) + (stryMutAct_9fa48("48") ? b.info && 0 : (stryCov_9fa48("48"), b.info ?? 0))),
      other: stryMutAct_9fa48("49") ? (a.other ?? 0) - (b.other ?? 0) : (stryCov_9fa48("49"), (stryMutAct_9fa48("50") ? a.other && 0 : (stryCov_9fa48("50"), a.other ?? 0)) + (stryMutAct_9fa48("51") ? b.other && 0 : (stryCov_9fa48("51"), b.other ?? 0)))
    });
  }
}