import type { Submission } from "../../src/api/index.ts";
import type { AssetEvent, RelayEvent, UnresolvedEvent } from "../relay-event.ts";
import {
  applyAssetEvent,
  type SubmissionState,
  submissionOutcome,
  verdictSettled,
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
  /**
   * Nothing left to wait for: the verdict is settled (the events came meanwhile), or a final
   * `error` that no retry can change (none retryable, or the limit passed). Unwatched.
   */
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

/**
 * The entry id of a synthesized event: the same for every replica and every sweep. Its parts
 * go in as a JSON array, so no two different inputs share an id (a colon in an id cannot shift
 * a boundary, as `join(":")` let it), and the id holds neither U+0000 nor a lone surrogate
 * (both escaped), which Postgres's text and pg-boss's JSONB job data refuse.
 */
export function reconcileEntryId(submissionId: string, ...what: string[]): string {
  return `reconcile:${JSON.stringify([submissionId, ...what])}`;
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

/** The event that brings the relay's view of one asset to the service's read. */
function assetEvent(state: SubmissionState, asset: Submission["assets"][number], now: number) {
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
    occurredAt: new Date(now).toISOString(),
    source: "reconciliation",
  };
  const known = state.assets.find((a) => a.assetId === asset.assetId);
  // A verdict that replaces one the relay holds (a retried asset's success) names what it
  // replaces, so that a later change of the same asset gets an id of its own.
  const replaces = known === undefined ? [] : [known.status, known.occurredAt ?? ""];
  return {
    id: reconcileEntryId(state.submissionId, asset.assetId, event.kind, ...replaces),
    event,
  };
}

/**
 * True while a failed asset may still change: the service says it can be retried, or shows it
 * running again (a retry under way) where the relay holds its failure.
 */
function retryPending(state: SubmissionState, submission: Submission): boolean {
  return submission.assets.some((asset) => {
    if (asset.status === "failed") return asset.isRetryable === true;
    const known = state.assets.find((a) => a.assetId === asset.assetId);
    return !TERMINAL.has(asset.status) && known?.status === "failed";
  });
}

/**
 * Decides what a check of a submission adds to the journal. The service's current read is the
 * truth: every asset it has finished whose status differs from what the relay holds (never
 * seen, or a failed asset retried since) gets an event. A submission whose failures may still
 * be retried stays watched until the limit; a submission the service does not know, or still
 * processing at the limit, gets a final `error`. Pure: a table test covers it.
 */
export function planReconciliation(input: PlanInput): ReconcilePlan {
  const { state, submission } = input;
  if (verdictSettled(state)) return { outcome: "already_final", entries: [] };
  const wasPending = submissionOutcome(state).state === "pending";
  if (submission === null) {
    // A final error the service no longer knows: nothing will change it.
    if (!wasPending) return { outcome: "already_final", entries: [] };
    const message = "The service does not know this submission (404): no verdict will come";
    return { outcome: "not_found", entries: [unresolved(state, "not-found", message)] };
  }
  const entries: PlannedEntry[] = [];
  let after = state;
  for (const asset of submission.assets) {
    const known = state.assets.find((a) => a.assetId === asset.assetId);
    if (!TERMINAL.has(asset.status) || known?.status === asset.status) continue;
    const entry = assetEvent(state, asset, input.now);
    entries.push(entry);
    after = applyAssetEvent(after, entry.event as AssetEvent, null);
  }
  const pastLimit = input.now >= input.linkedAt + input.maxMs;
  if (submissionOutcome(after).state !== "pending") {
    if (entries.length > 0) return { outcome: "completed", entries };
    const waiting = !pastLimit && retryPending(after, submission);
    return { outcome: waiting ? "still_processing" : "already_final", entries };
  }
  if (pastLimit) {
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
  if (verdictSettled(state)) return { outcome: "already_final", entries: [] };
  if (input.now < input.linkedAt + input.maxMs) return { outcome: "still_processing", entries: [] };
  // A final error that a retry could still have changed: the service cannot say, so it stands.
  if (submissionOutcome(state).state !== "pending")
    return { outcome: "already_final", entries: [] };
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
