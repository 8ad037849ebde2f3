import type { Submission } from "../../src/api/index.ts";
import type { AssetEvent, RelayEvent, UnresolvedEvent } from "../relay-event.ts";
import {
  applyAssetEvent,
  reportedAssets,
  type SubmissionState,
  submissionOutcome,
} from "../submission/index.ts";

/** What one check of a submission against the service came to (the metric's `outcome`). */
export type ReconcileOutcome =
  /** The service had the verdict: the missing events were journaled. */
  | "completed"
  /** The service does not know the submission (404): final `error`. */
  | "not_found"
  /** Still processing at `RECONCILE_MAX_HOURS`: final `error`. */
  | "timed_out"
  /** Still processing: checked again later, with backoff. */
  | "still_processing"
  /** The relay already has a final verdict (the events came meanwhile): nothing to do. */
  | "already_final";

/** The outcomes that end in a verdict made by reconciliation (counted and logged). */
export const RECONCILED_OUTCOMES: readonly ReconcileOutcome[] = Object.freeze([
  "completed",
  "not_found",
  "timed_out",
]);

/** A journal entry to add, with an id derived from the submission and what it says. */
export interface PlannedEntry {
  readonly id: string;
  readonly event: RelayEvent;
}

export interface ReconcilePlan {
  readonly outcome: ReconcileOutcome;
  /** Journaled in order; the journal dedupes their ids, so planning twice adds nothing. */
  readonly entries: readonly PlannedEntry[];
}

export interface PlanInput {
  readonly state: SubmissionState;
  /** What the service says, or null for a 404. */
  readonly submission: Submission | null;
  readonly now: number;
  /** When the relay started waiting (the link was relayed). */
  readonly linkedAt: number;
  /** `RECONCILE_MAX_HOURS` in ms. */
  readonly maxMs: number;
}

const TERMINAL = new Set(["complete", "failed"]);

/** The entry id of a synthesized event: the same for every replica and every sweep. */
export function reconcileEntryId(submissionId: string, ...what: string[]): string {
  return ["reconcile", submissionId, ...what].join(":");
}

function unresolved(state: SubmissionState, reason: UnresolvedEvent["reason"], message: string) {
  const event: UnresolvedEvent = {
    kind: "submission.unresolved",
    submissionId: state.submissionId,
    reason,
    message,
    source: "reconciliation",
  };
  return { id: reconcileEntryId(state.submissionId, reason), event };
}

/** `24 h`, `0.001 h`: the limit as it was set. */
function hours(ms: number): string {
  return `${Number((ms / 3_600_000).toPrecision(6))} h`;
}

/**
 * Decides what a check of a submission adds to the journal: the asset events the relay missed
 * (each asset the service has finished that the relay has not seen finish), or a final `error`
 * when the service does not know the submission or the limit has passed. Pure: a table test
 * covers it.
 */
export function planReconciliation(input: PlanInput): ReconcilePlan {
  const { state, submission } = input;
  if (submissionOutcome(state).state !== "pending")
    return { outcome: "already_final", entries: [] };
  if (submission === null) {
    const message = "The service does not know this submission (404): no verdict will come";
    return { outcome: "not_found", entries: [unresolved(state, "not-found", message)] };
  }
  const seen = new Set(reportedAssets(state).map((a) => a.assetId));
  const entries: PlannedEntry[] = [];
  let after = state;
  for (const asset of submission.assets) {
    if (!TERMINAL.has(asset.status) || seen.has(asset.assetId)) continue;
    const failed = asset.status === "failed";
    const event: AssetEvent = {
      kind: failed ? "asset.processing.failed" : "asset.processing.completed",
      submissionId: state.submissionId,
      assetId: asset.assetId,
      workspaceId: null,
      status: asset.status,
      errorMessage: failed ? (asset.errorMessage ?? null) : null,
      issueCount: failed ? null : (asset.issueCount ?? null),
      // The time of the read: the service showed this asset final then, so a webhook signed
      // earlier (a failure delivered after the retried asset's success) is older, and stale.
      occurredAt: new Date(input.now).toISOString(),
      source: "reconciliation",
    };
    entries.push({ id: reconcileEntryId(state.submissionId, asset.assetId, event.kind), event });
    after = applyAssetEvent(after, event, null);
  }
  if (submissionOutcome(after).state !== "pending") return { outcome: "completed", entries };
  if (input.now >= input.linkedAt + input.maxMs) {
    const message = `Still processing after RECONCILE_MAX_HOURS (${hours(input.maxMs)}): no verdict`;
    return { outcome: "timed_out", entries: [...entries, unresolved(state, "max-hours", message)] };
  }
  return { outcome: "still_processing", entries };
}

/**
 * Decides what a check adds when the service could not be read (a 5xx, a 401, a timeout): the
 * final `error` once `RECONCILE_MAX_HOURS` has passed, since no read may ever succeed and a
 * status never stays `pending` for ever; before that, nothing (the check comes due again).
 */
export function planUnreadable(input: Omit<PlanInput, "submission">): ReconcilePlan {
  const { state } = input;
  if (submissionOutcome(state).state !== "pending")
    return { outcome: "already_final", entries: [] };
  if (input.now < input.linkedAt + input.maxMs) return { outcome: "still_processing", entries: [] };
  const message = `No verdict after RECONCILE_MAX_HOURS (${hours(input.maxMs)}), and the service could not be read`;
  return { outcome: "timed_out", entries: [unresolved(state, "max-hours", message)] };
}

/** The longest pause between two checks of a submission still processing. */
const MAX_BACKOFF_MS = 3_600_000;

/**
 * When to check a submission again: `afterMs`, doubling with each check that found it still
 * processing (at most an hour, or `afterMs` when that is longer), and never past its limit.
 */
export function nextCheckAt(
  checks: number,
  now: number,
  linkedAt: number,
  afterMs: number,
  maxMs: number,
): number {
  const backoff = Math.min(afterMs * 2 ** Math.min(checks, 30), Math.max(afterMs, MAX_BACKOFF_MS));
  const limit = linkedAt + maxMs;
  return now < limit ? Math.min(now + backoff, limit) : now + backoff;
}
