/**
 * Outcome policy, as data: how a review run can end, the check-style conclusion of each ending,
 * which conclusions fail a step or a commit status, and the words that name them. One home for
 * the pipeline, the reports, the Action, the CLI and the relay.
 */
// @ts-nocheck


/**
 * How the run ended.
 * - `completed`: the submission reached a terminal status and results were read.
 * - `budget-exceeded`: the estimate was over `maxCredits`; nothing was submitted or charged.
 * - `timed-out`: waiting passed `timeoutMs`; results are those of the last poll.
 * - `cancelled`: the signal aborted the run.
 * - `submitted-no-wait`: submitted with `wait: false`; someone else finishes the job.
 * - `nothing-to-review`: no file was left to submit.
 * - `error`: a request failed for good; see `error`.
 */function stryNS_9fa48() {
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
export type ReviewStatus = "completed" | "budget-exceeded" | "timed-out" | "cancelled" | "submitted-no-wait" | "nothing-to-review" | "error";

/**
 * Check-run style conclusion. `pending` only for `submitted-no-wait`; `action_required` only for
 * `budget-exceeded`: nothing was reviewed, and someone has to decide before anything is.
 */
export type ReviewConclusion = "success" | "failure" | "action_required" | "skipped" | "timed_out" | "cancelled" | "pending";

/** Conclusion of each way a run can end, except `completed`, which depends on the findings. */
export const CONCLUSION_BY_STATUS: Readonly<Record<Exclude<ReviewStatus, "completed">, ReviewConclusion>> = Object.freeze(stryMutAct_9fa48("0") ? {} : (stryCov_9fa48("0"), {
  // Nothing was reviewed: GitHub counts `neutral` as passing a required check, so content would
  // merge unreviewed. `action_required` blocks it until someone raises the limit and re-runs.
  "budget-exceeded": stryMutAct_9fa48("1") ? "" : (stryCov_9fa48("1"), "action_required"),
  "timed-out": stryMutAct_9fa48("2") ? "" : (stryCov_9fa48("2"), "timed_out"),
  cancelled: stryMutAct_9fa48("3") ? "" : (stryCov_9fa48("3"), "cancelled"),
  "submitted-no-wait": stryMutAct_9fa48("4") ? "" : (stryCov_9fa48("4"), "pending"),
  "nothing-to-review": stryMutAct_9fa48("5") ? "" : (stryCov_9fa48("5"), "skipped"),
  error: stryMutAct_9fa48("6") ? "" : (stryCov_9fa48("6"), "failure")
}));

/** Conclusions that make the Action's step fail. */
export const FAILING_CONCLUSIONS: ReadonlySet<ReviewConclusion> = new Set(stryMutAct_9fa48("7") ? [] : (stryCov_9fa48("7"), [stryMutAct_9fa48("8") ? "" : (stryCov_9fa48("8"), "failure"), stryMutAct_9fa48("9") ? "" : (stryCov_9fa48("9"), "action_required"), stryMutAct_9fa48("10") ? "" : (stryCov_9fa48("10"), "timed_out"), stryMutAct_9fa48("11") ? "" : (stryCov_9fa48("11"), "cancelled")]));

/** A word and a marker per conclusion, for report headings and chat headlines. */
export const CONCLUSION_LABELS: Readonly<Record<ReviewConclusion, string>> = Object.freeze(stryMutAct_9fa48("12") ? {} : (stryCov_9fa48("12"), {
  success: stryMutAct_9fa48("13") ? "" : (stryCov_9fa48("13"), "✅ passed"),
  failure: stryMutAct_9fa48("14") ? "" : (stryCov_9fa48("14"), "❌ failed"),
  action_required: stryMutAct_9fa48("15") ? "" : (stryCov_9fa48("15"), "✋ not reviewed, action required"),
  skipped: stryMutAct_9fa48("16") ? "" : (stryCov_9fa48("16"), "⏭️ skipped"),
  timed_out: stryMutAct_9fa48("17") ? "" : (stryCov_9fa48("17"), "⏱️ timed out"),
  cancelled: stryMutAct_9fa48("18") ? "" : (stryCov_9fa48("18"), "🚫 cancelled"),
  pending: stryMutAct_9fa48("19") ? "" : (stryCov_9fa48("19"), "⏳ submitted, results pending")
}));