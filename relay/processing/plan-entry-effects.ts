import {
  type CommitStatus,
  computeCommitStatus,
  renderFailureReply,
  renderMentionReply,
  renderSlackMessage,
  type SlackMessage,
} from "../destinations/index.ts";
import type { RelayEvent } from "../relay-event.ts";
import {
  assetPosition,
  type OutcomeState,
  type SubmissionOutcome,
  type SubmissionState,
  submissionOutcome,
  verdictSettled,
} from "../submission/index.ts";
import { verdictChange } from "./verdict-change.ts";

/** The state as stored: the submission, and what the relay recorded of its own effects. */
export interface StoredState extends SubmissionState {
  /** The last commit status set for it. */
  readonly lastStatus?: string;
  /** The channel of the Slack parent, fixed when it is first posted. */
  readonly slackChannel?: string;
  /** The link entry's `traceparent`: the submission's later entries are processed in that trace. */
  readonly linkTrace?: string;
  /** Asset id to the entry whose failure reply was posted: one reply per asset. */
  readonly failureReplies?: Readonly<Record<string, string>>;
  /** The final outcome the Slack parent last showed (undefined while pending). */
  readonly shownVerdict?: OutcomeState;
}

/** What the entry is, besides the state it was folded into. */
export interface EntryFacts {
  readonly entryId: string;
  readonly event: RelayEvent;
  /** The event was older than what the state shows of its asset, and was not applied. */
  readonly stale: boolean;
  /** A later entry of this submission is queued: it will render a newer state. */
  readonly later: boolean;
  readonly prUrl: string | null;
}

/** Slack's routing look-ups (`SLACK_ROUTES`, `SLACK_MENTIONS`). */
export interface SlackRouting {
  channelFor(repository: string | null): string;
  mentionFor(login: string | null): string | null;
}

/** The Slack effects of one entry. */
export interface SlackPlan {
  readonly channel: string;
  readonly message: SlackMessage;
  /** False when a later entry will update the parent: post it if missing, else leave it. */
  readonly updateExisting: boolean;
  /** The parent's channel is recorded in the state (its first post). */
  readonly recordChannel: boolean;
  /** The asset's failure reply, by the entry that first said it failed. */
  readonly failureReply: {
    readonly assetId: string;
    readonly text: string;
    /** This entry is recorded as the replier (it was not yet). */
    readonly record: boolean;
  } | null;
  /**
   * The final outcome the parent shows now, and the thread's reply when this entry changed a
   * final verdict ({@link verdictChange}); null when a later entry will update the parent.
   */
  readonly verdict: {
    readonly shown: OutcomeState | undefined;
    /** The state records `shown` (it differs from what it recorded). */
    readonly record: boolean;
    /** Once per entry: a retry of it finds the reply claimed. */
    readonly reply: { readonly text: string; readonly replyKey: string } | null;
  } | null;
  /** The author's mention, once per submission. */
  readonly mention: { readonly text: string; readonly replyKey: string } | null;
}

/** Everything one entry calls for, each part derived once from the folded state. */
export interface EntryPlan {
  readonly outcome: SubmissionOutcome;
  readonly slack: SlackPlan | null;
  /** The commit status to set, and the value recorded as `lastStatus` once it is. */
  readonly status: { readonly status: CommitStatus; readonly value: string } | null;
  /** Reconciliation's bookkeeping: keep watching for a verdict, or stop. */
  readonly watch: "watch" | "unwatch" | null;
}

function planFailureReply(state: StoredState, facts: EntryFacts): SlackPlan["failureReply"] {
  const { event } = facts;
  // A stale failure (older than what the state shows of its asset) is not replied to.
  if (event.kind !== "asset.processing.failed" || facts.stale) return null;
  const asset = state.assets[assetPosition(state.assets, event.assetId)];
  const replier = state.failureReplies?.[event.assetId];
  // Once per asset, by the first entry that says it failed: a late webhook after
  // reconciliation made its event (or the other way round) finds it replied.
  if (asset === undefined || (replier ?? facts.entryId) !== facts.entryId) return null;
  return { assetId: event.assetId, text: renderFailureReply(asset), record: replier === undefined };
}

function planVerdict(
  state: StoredState,
  facts: EntryFacts,
  outcome: SubmissionOutcome,
): SlackPlan["verdict"] {
  if (facts.later) return null;
  const change = verdictChange(state, state.shownVerdict, outcome);
  return {
    shown: change.shown,
    record: change.shown !== state.shownVerdict,
    reply:
      change.reply === null ? null : { text: change.reply, replyKey: `verdict:${facts.entryId}` },
  };
}

function planSlack(
  state: StoredState,
  facts: EntryFacts,
  outcome: SubmissionOutcome,
  routing: SlackRouting,
): SlackPlan | null {
  const failed = facts.event.kind === "asset.processing.failed" && !facts.stale;
  const unresolved = state.unresolved !== undefined;
  // Skip the in-between update a later entry will redo (Slack allows about one message a
  // second), but never a failure's reply.
  if (!(state.assets.length > 0 || unresolved) || (facts.later && !failed)) return null;
  // The parent stays in the channel it was first posted to: updates and replies go there.
  const channel = state.slackChannel ?? routing.channelFor(state.link?.repository ?? null);
  const mention = routing.mentionFor(state.link?.author ?? null);
  const mentionText =
    mention === null || facts.later
      ? null
      : renderMentionReply(state, facts.prUrl, mention, outcome);
  return {
    channel,
    message: renderSlackMessage(state, facts.prUrl, mention, outcome),
    updateExisting: !facts.later,
    recordChannel: state.slackChannel === undefined,
    failureReply: planFailureReply(state, facts),
    verdict: planVerdict(state, facts, outcome),
    mention:
      mentionText === null
        ? null
        : { text: mentionText, replyKey: `mention:${state.submissionId}` },
  };
}

/**
 * What one entry calls for, from the state after folding its event: the Slack post or update,
 * its replies, the commit status and the watch, each derived once from one outcome.
 */
export function planEntryEffects(
  state: StoredState,
  facts: EntryFacts,
  targets: { readonly slack: SlackRouting | null; readonly github: boolean },
): EntryPlan {
  const outcome = submissionOutcome(state);
  let status: EntryPlan["status"] = null;
  if (targets.github && state.link !== null && !facts.later) {
    const commitStatus = computeCommitStatus(state, facts.prUrl, outcome);
    const value = JSON.stringify([state.link.repository, state.link.sha, commitStatus]);
    // Skip a repeat of the status already set (a replay, or a link registered twice).
    if (commitStatus !== null && state.lastStatus !== value)
      status = { status: commitStatus, value };
  }
  const fromReconciliation = "source" in facts.event && facts.event.source === "reconciliation";
  return {
    outcome,
    slack: targets.slack === null ? null : planSlack(state, facts, outcome, targets.slack),
    status,
    // Watched until nothing can change the verdict ({@link verdictSettled}). A real event or a
    // link moves the check; reconciliation's own events leave its backoff.
    watch:
      state.link === null
        ? null
        : verdictSettled(state, outcome)
          ? "unwatch"
          : fromReconciliation
            ? null
            : "watch",
  };
}
