import type { SeverityCounts } from "../../src/policy/index.ts";
import type { AssetEvent, SubmissionLink, UnresolvedEvent } from "../relay-event.ts";
import type { AssetDetails } from "./asset-details.ts";
import { assetPosition, withAsset } from "./asset-list.ts";

/** What the relay knows about one asset of a submission. */
export interface AssetState {
  readonly assetId: string;
  readonly status: string;
  readonly filename: string | null;
  readonly issueCount: number | null;
  readonly counts: SeverityCounts | null;
  readonly errorMessage: string | null;
  /**
   * The signed time of the event last applied (the body's `timestamp`). Absent in states
   * stored before it was kept.
   */
  readonly occurredAt?: string | null;
}

/** What the relay knows about one submission: built from its events, in order. */
export interface SubmissionState {
  readonly submissionId: string;
  /** In the order the assets first reported. */
  readonly assets: readonly AssetState[];
  readonly link: SubmissionLink | null;
  /** Set by reconciliation when no verdict can come: the outcome is then a final `error`. */
  readonly unresolved?: { readonly reason: string; readonly message: string };
}

export function emptySubmissionState(submissionId: string): SubmissionState {
  return { submissionId, assets: [], link: null };
}

/**
 * The state after one asset event. Applying the same event twice gives the same state.
 * `owned`: the caller holds the only reference to `state.assets` (the relay's processor, see
 * process-entry.ts), which then changes in place instead of being copied (see `withAsset`).
 */
export function applyAssetEvent(
  state: SubmissionState,
  event: AssetEvent,
  details: AssetDetails | null,
  owned = false,
): SubmissionState {
  const failed = event.kind === "asset.processing.failed";
  const asset: AssetState = {
    assetId: event.assetId,
    status: failed ? "failed" : event.status,
    filename: details?.filename ?? null,
    issueCount: failed ? null : (event.issueCount ?? sumCounts(details?.counts ?? null)),
    counts: failed ? null : (details?.counts ?? null),
    errorMessage: failed ? (event.errorMessage ?? "Processing failed") : null,
    occurredAt: event.occurredAt,
  };
  const index = assetPosition(state.assets, event.assetId);
  const known = state.assets[index];
  const next =
    known === undefined ? asset : { ...asset, filename: asset.filename ?? known.filename };
  return { ...state, assets: withAsset(state.assets, index, next, owned) };
}

/** Milliseconds since the epoch of a signed event time, or null when it has none that parses. */
function eventTime(at: string | null | undefined): number | null {
  const ms = at == null ? Number.NaN : Date.parse(at);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * True when the event is older than what the state already shows of its asset: a failure
 * delivered after the later success of the same asset, say. Decided by the events' own signed
 * times, never by arrival; without both times (or with equal ones) arrival order stands.
 */
export function isStaleAssetEvent(state: SubmissionState, event: AssetEvent): boolean {
  const known = state.assets[assetPosition(state.assets, event.assetId)];
  const shown = eventTime(known?.occurredAt);
  const at = eventTime(event.occurredAt);
  return shown !== null && at !== null && at < shown;
}

export function applyLink(state: SubmissionState, link: SubmissionLink): SubmissionState {
  return { ...state, link };
}

/** The state once reconciliation gave up on a verdict; final, whatever comes later. */
export function applyUnresolved(state: SubmissionState, event: UnresolvedEvent): SubmissionState {
  if (state.unresolved !== undefined) return state;
  return { ...state, unresolved: { reason: event.reason, message: event.message } };
}

function sumCounts(counts: SeverityCounts | null): number | null {
  if (counts === null) return null;
  return counts.critical + counts.major + counts.minor + counts.info + counts.other;
}

/** Assets in a terminal state (part 3.1): complete or failed. */
export function reportedAssets(state: SubmissionState): readonly AssetState[] {
  return state.assets.filter((a) => a.status === "complete" || a.status === "failed");
}
