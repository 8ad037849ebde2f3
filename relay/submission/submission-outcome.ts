import {
  addSeverityCounts,
  CONCLUSION_LABELS,
  DEFAULT_FAIL_ON,
  type FailOn,
  formatSeverityCounts,
  meetsThreshold,
  noSeverityCounts,
  type ReviewConclusion,
  SEVERITIES,
  type SeverityCounts,
} from "../../src/policy/index.ts";
import { assetTotals } from "./asset-list.ts";
import type { AssetState, SubmissionState } from "./submission-state.ts";

/** A submission's outcome, as a commit status states it (GitHub's four states). */
export type OutcomeState = "pending" | "success" | "failure" | "error";

/** The conclusion each state reads as, for the shared labels (an `error` fails, as in the Action). */
const CONCLUSION_OF: Readonly<Record<OutcomeState, ReviewConclusion>> = Object.freeze({
  pending: "pending",
  success: "success",
  failure: "failure",
  error: "failure",
});

/**
 * The outcome of a submission: the one source of the commit status and of the Slack headline,
 * so that both always say the same thing.
 */
export interface SubmissionOutcome {
  readonly state: OutcomeState;
  /** The marker of the shared label (`✅`, `❌`, `⏳`). */
  readonly marker: string;
  /** The words of the shared label (`passed`, `failed`, ...). */
  readonly label: string;
  /** What the outcome rests on: progress, failures or findings against the threshold. */
  readonly detail: string;
  readonly failOn: FailOn;
}

function splitLabel(conclusion: ReviewConclusion): { marker: string; label: string } {
  const text = CONCLUSION_LABELS[conclusion];
  const space = text.indexOf(" ");
  return { marker: text.slice(0, space), label: text.slice(space + 1) };
}

/** Issue counts by severity, plus issues whose severity is unknown (no enrichment). */
function findings(assets: readonly AssetState[]): { counts: SeverityCounts; unknown: number } {
  let counts = noSeverityCounts();
  let unknown = 0;
  for (const asset of assets) {
    if (asset.counts !== null) counts = addSeverityCounts(counts, asset.counts);
    else unknown += asset.issueCount ?? 0;
  }
  return { counts, unknown };
}

/** `1 critical, 2 major` or `3 issues of unknown severity`, or both, or `no issues`. */
export function describeFindings(counts: SeverityCounts, unknown: number): string {
  const known = formatSeverityCounts(counts);
  if (unknown === 0) return known;
  const rest = `${unknown} issue${unknown === 1 ? "" : "s"} of unknown severity`;
  return known === "no issues" ? rest : `${known}, ${rest}`;
}

/**
 * True when the findings fail the threshold. Issues without a severity (no enrichment) fail
 * any threshold but `never`: passing them unseen would be worse.
 */
function failsThreshold(counts: SeverityCounts, unknown: number, failOn: FailOn): boolean {
  if (failOn === "never") return false;
  return unknown > 0 || SEVERITIES.some((s) => counts[s] > 0 && meetsThreshold(s, failOn));
}

/** The marker of one asset's line, by the same threshold as the submission's outcome. */
export function assetMarker(asset: AssetState, failOn: FailOn): string {
  if (asset.status === "failed") return splitLabel("failure").marker;
  if (asset.status !== "complete") return splitLabel("pending").marker;
  const { counts, unknown } = findings([asset]);
  return splitLabel(failsThreshold(counts, unknown, failOn) ? "failure" : "success").marker;
}

/**
 * The outcome of a submission: `pending` with progress until every asset has reported, then
 * `error` when assets failed to process or reconciliation gave up on it (issue #25), else
 * `failure` or `success` by the link's `failOn`
 * (the Action's default, `critical`, for a submission nobody linked). Without a known asset
 * count the assets reported so far are taken as the whole submission.
 */
export function submissionOutcome(state: SubmissionState): SubmissionOutcome {
  const failOn = state.link?.failOn ?? DEFAULT_FAIL_ON;
  // Carried from event to event (asset-list.ts), not summed over the assets each time.
  const reported = assetTotals(state.assets);
  const total = state.link?.assetCount ?? reported.reported;
  const outcome = (s: OutcomeState, detail: string): SubmissionOutcome => ({
    state: s,
    ...splitLabel(CONCLUSION_OF[s]),
    detail,
    failOn,
  });
  if (state.unresolved !== undefined) return outcome("error", state.unresolved.message);
  if (total === 0) return outcome("pending", "Waiting for the first asset");
  if (reported.reported < total) {
    return outcome("pending", `${reported.reported}/${total} assets reviewed`);
  }
  const { failed, counts, unknown } = reported;
  if (failed > 0) return outcome("error", `${failed} of ${total} assets failed to process`);
  const found = describeFindings(counts, unknown);
  if (failsThreshold(counts, unknown, failOn)) {
    return outcome("failure", `${found} (fails on ${failOn} or worse)`);
  }
  return outcome("success", `${total}/${total} assets reviewed: ${found}`);
}
