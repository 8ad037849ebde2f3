import { describeError } from "../../src/shared/describe-error.ts";
import { computeCommitStatus } from "../destinations/compute-commit-status.ts";
import type { GithubRelay } from "../destinations/github-relay.ts";
import { pullRequestUrl } from "../destinations/github-web-url.ts";
import {
  renderFailureReply,
  renderMentionReply,
  renderSlackMessage,
} from "../destinations/render-slack-message.ts";
import type { SlackRelay } from "../destinations/slack-relay.ts";
import type { AttemptInfo, Journal, JournalEntry, VerdictWatch } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayEvent } from "../relay-event.ts";
import { type RelayTracing, TRACING_OFF } from "../tracing/relay-tracing.ts";
import type { EffectTrace } from "../tracing/trace-effect.ts";
import { traceEntry } from "../tracing/trace-entry.ts";
import { announceVerdictChange, type ShownVerdict } from "./announce-verdict-change.ts";
import type { AssetDetails, Enricher } from "./enricher.ts";
import type { EffectContext } from "./perform-once.ts";
import {
  applyAssetEvent,
  applyLink,
  applyUnresolved,
  emptySubmissionState,
  isStaleAssetEvent,
  type SubmissionState,
} from "./submission-state.ts";
import { verdictSettled } from "./verdict-settled.ts";

export interface ProcessEntryDeps {
  readonly journal: Pick<Journal, "loadState" | "saveState" | "hasLaterEntries">;
  readonly slack: SlackRelay | null;
  readonly github: GithubRelay | null;
  readonly enricher: Enricher | null;
  /** Used to build pull request links. */
  readonly githubApiUrl: string;
  readonly logger: Logger;
  /** @default tracing off */
  readonly tracing?: RelayTracing;
  /**
   * Reconciliation's bookkeeping (issue #25): a linked submission without a final verdict is
   * watched, due a check `afterMs` after its link or its last event. Null: reconciliation off.
   */
  readonly watch?: {
    readonly journal: Pick<VerdictWatch, "watchVerdict" | "unwatchVerdict">;
    readonly afterMs: number;
  } | null;
}

type StartEffectTrace = (linkTraceparent: string | null, repository: string | null) => EffectTrace;

/** The state as stored: the submission, and the last commit status set for it. */
interface StoredState extends ShownVerdict {
  readonly lastStatus?: string;
  /** The channel of the Slack parent, fixed when it is first posted. */
  readonly slackChannel?: string;
  /** The link entry's `traceparent`: the commit status shows in that run's trace too. */
  readonly linkTrace?: string;
  /** Asset id to the entry whose failure reply was posted: one reply per asset. */
  readonly failureReplies?: Readonly<Record<string, string>>;
}

/**
 * The state after the entry's event. An asset event older than what the state shows of its
 * asset is not applied (`stale`): the caller still brings what the state shows up to date,
 * since an in-between update may have been skipped for it.
 */
async function foldEvent(
  deps: ProcessEntryDeps,
  state: StoredState,
  event: RelayEvent,
  attempt: AttemptInfo,
): Promise<{ state: StoredState; stale: boolean }> {
  if (event.kind === "link.registered") {
    return { state: applyLink(state, event.link), stale: false };
  }
  if (event.kind === "submission.unresolved") {
    return { state: applyUnresolved(state, event), stale: false };
  }
  if (isStaleAssetEvent(state, event)) {
    deps.logger.info("an event older than the asset's state was not applied", {
      submissionId: event.submissionId,
      assetId: event.assetId,
      occurredAt: event.occurredAt,
    });
    return { state, stale: true };
  }
  let details: AssetDetails | null = null;
  if (deps.enricher !== null) {
    try {
      details = await deps.enricher.assetDetails(
        event.submissionId,
        event.assetId,
        event.kind === "asset.processing.completed",
        attempt.signal,
      );
    } catch (error) {
      // Without severities a commit status could gate wrongly: retry first. On the last
      // attempt relay what the event itself says rather than nothing.
      if (!attempt.isLast || attempt.signal.aborted) throw error;
      deps.logger.warn("enrichment failed; relaying the event without it", {
        submissionId: event.submissionId,
        assetId: event.assetId,
        error: describeError(error),
      });
    }
  }
  return { state: applyAssetEvent(state, event, details), stale: false };
}

/**
 * Handles one journaled entry: folds it into the submission's state, then brings Slack and
 * the commit status up to date. State updates are safe to repeat, and every post and status is
 * claimed in the journal first, so a retry after a crash or a timeout at any point converges on
 * the same messages and statuses, each made once.
 */
export function createEntryProcessor(deps: ProcessEntryDeps) {
  const tracing = deps.tracing ?? TRACING_OFF;
  return async function processEntry(entry: JournalEntry, attempt: AttemptInfo): Promise<void> {
    if (!tracing.enabled) return relayEntry(entry, attempt, undefined);
    return traceEntry(tracing, entry, attempt, (start) => relayEntry(entry, attempt, start));
  };

  async function relayEntry(
    entry: JournalEntry,
    attempt: AttemptInfo,
    startTrace: StartEffectTrace | undefined,
  ): Promise<void> {
    const event = entry.event;
    const stored = await deps.journal.loadState(event.submissionId);
    let state: StoredState =
      stored === null
        ? emptySubmissionState(event.submissionId)
        : (JSON.parse(stored) as StoredState);

    const folded = await foldEvent(deps, state, event, attempt);
    state = folded.state;
    const stale = folded.stale;
    if (event.kind === "link.registered" && entry.traceparent) {
      state = { ...state, linkTrace: entry.traceparent };
    }
    await deps.journal.saveState(event.submissionId, JSON.stringify(state));
    // Watched before any effect: a link whose status cannot be set (GitHub down, the entry
    // dead-lettered) is still reconciled.
    if (deps.watch != null && state.link !== null) await keepWatch(deps.watch, state, event);
    const context: EffectContext = {
      signal: attempt.signal,
      deadline: attempt.deadline,
      entryId: entry.id,
      receivedAt: Date.parse(entry.receivedAt),
      ...(startTrace === undefined
        ? {}
        : { trace: startTrace(state.linkTrace ?? null, state.link?.repository ?? null) }),
    };

    const prUrl =
      state.link === null
        ? null
        : pullRequestUrl(deps.githubApiUrl, state.link.repository, state.link.pullRequest);

    // A later entry of this submission is queued: it will render a newer state, so skip the
    // in-between message update and status (Slack allows about one message a second).
    const later = await deps.journal.hasLaterEntries(event.submissionId, entry.seq);
    const failed = event.kind === "asset.processing.failed" && !stale;

    const unresolved = state.unresolved !== undefined;
    if (deps.slack !== null && (state.assets.length > 0 || unresolved) && (!later || failed)) {
      // The parent stays in the channel it was first posted to: updates and replies go there.
      const channel = state.slackChannel ?? deps.slack.channelFor(state.link?.repository ?? null);
      const mention = deps.slack.mentionFor(state.link?.author ?? null);
      const message = renderSlackMessage(state, prUrl, mention);
      const ts = await deps.slack.upsertParent(state.submissionId, message, context, {
        updateExisting: !later,
        channel,
      });
      if (state.slackChannel === undefined) {
        state = { ...state, slackChannel: channel };
        await deps.journal.saveState(event.submissionId, JSON.stringify(state));
      }
      const thread = { ts, channel, context };
      // A stale failure (older than what the state shows of its asset) is not replied to.
      if (failed) {
        state = await replyFailureOnce(deps, state, event.assetId, thread);
      }
      if (!later) state = await announceVerdictChange(deps.slack, deps.journal, state, thread);
      const mentionReply =
        mention === null || later ? null : renderMentionReply(state, prUrl, mention);
      if (mentionReply !== null) {
        // Once per submission, whichever entry finds it failed first.
        await deps.slack.replyOnce(state.submissionId, ts, mentionReply, context, {
          channel,
          replyKey: `mention:${state.submissionId}`,
        });
      }
    }

    if (deps.github !== null && state.link !== null && !later) {
      const status = computeCommitStatus(state, prUrl);
      const value = JSON.stringify([state.link.repository, state.link.sha, status]);
      // Skip a repeat of the status already set (a replay, or a link registered twice).
      if (status !== null && state.lastStatus !== value) {
        await deps.github.setStatus(
          state.submissionId,
          state.link.repository,
          state.link.sha,
          status,
          context,
        );
        await deps.journal.saveState(
          event.submissionId,
          JSON.stringify({ ...state, lastStatus: value }),
        );
      }
    }
  }
}

/**
 * Posts an asset's failure reply in the thread once per asset, by the first entry that says it
 * failed: a late webhook after reconciliation made its event (or the other way round) finds it
 * replied. Returns the state, with the replying entry recorded.
 */
async function replyFailureOnce(
  deps: ProcessEntryDeps,
  state: StoredState,
  assetId: string,
  thread: { ts: string; channel: string; context: EffectContext },
): Promise<StoredState> {
  const asset = state.assets.find((a) => a.assetId === assetId);
  const entryId = thread.context.entryId;
  const replier = state.failureReplies?.[assetId];
  if (deps.slack === null || asset === undefined || (replier ?? entryId) !== entryId) return state;
  await deps.slack.replyOnce(
    state.submissionId,
    thread.ts,
    renderFailureReply(asset),
    thread.context,
    {
      channel: thread.channel,
    },
  );
  if (replier !== undefined) return state;
  const next = { ...state, failureReplies: { ...state.failureReplies, [assetId]: entryId } };
  await deps.journal.saveState(state.submissionId, JSON.stringify(next));
  return next;
}

/**
 * Watches a linked submission until its verdict is settled ({@link verdictSettled}). A real
 * event or a link moves its check to `afterMs` from now; reconciliation's own events leave its
 * backoff alone.
 */
async function keepWatch(
  watch: NonNullable<ProcessEntryDeps["watch"]>,
  state: SubmissionState,
  event: JournalEntry["event"],
): Promise<void> {
  if (verdictSettled(state)) {
    await watch.journal.unwatchVerdict(state.submissionId);
  } else if (!("source" in event && event.source === "reconciliation")) {
    await watch.journal.watchVerdict(state.submissionId, Date.now() + watch.afterMs);
  }
}
