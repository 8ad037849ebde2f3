import { describeError } from "../../src/shared/describe-error.ts";
import { type GithubRelay, pullRequestUrl, type SlackRelay } from "../destinations/index.ts";
import type { EffectContext } from "../effects/index.ts";
import type { AttemptInfo, Journal, JournalEntry, VerdictWatch } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayEvent } from "../relay-event.ts";
import {
  applyAssetEvent,
  applyLink,
  applyUnresolved,
  emptySubmissionState,
  isStaleAssetEvent,
  type SubmissionState,
} from "../submission/index.ts";
import { type EffectTrace, type RelayTracing, TRACING_OFF, traceEntry } from "../tracing/index.ts";
import type { AssetDetails, Enricher } from "./enricher.ts";
import {
  type EntryPlan,
  planEntryEffects,
  type SlackPlan,
  type StoredState,
} from "./plan-entry-effects.ts";
import { createStateCodec } from "./state-codec.ts";

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
  /** How long an effect's claim outlives the attempt's deadline. @default 2000 */
  readonly claimMarginMs?: number;
}

type StartEffectTrace = (repository: string | null) => EffectTrace;

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
  // The state is the processor's own (read from text, or the one its codec made last for that
  // text, and entries of a submission are processed one at a time): its assets change in place.
  return { state: applyAssetEvent(state, event, details, true), stale: false };
}

/**
 * Handles one journaled entry: folds it into the submission's state, then brings Slack and
 * the commit status up to date. State updates are safe to repeat, and every post and status is
 * claimed in the journal first, so a retry after a crash or a timeout at any point converges on
 * the same messages and statuses, each made once.
 */
export function createEntryProcessor(deps: ProcessEntryDeps) {
  const tracing = deps.tracing ?? TRACING_OFF;
  const codec = createStateCodec();
  const save = (state: StoredState) =>
    deps.journal.saveState(state.submissionId, codec.stringify(state.submissionId, state));
  /** The submission's state before the entry (its link's trace places the entry's spans). */
  async function load(submissionId: string): Promise<StoredState> {
    const stored = await deps.journal.loadState(submissionId);
    return stored === null
      ? emptySubmissionState(submissionId)
      : codec.parse<StoredState>(submissionId, stored);
  }
  return async function processEntry(entry: JournalEntry, attempt: AttemptInfo): Promise<void> {
    const loading = () => load(entry.event.submissionId);
    if (!tracing.enabled) return relayEntry(entry, attempt, await loading(), undefined);
    return traceEntry(tracing, entry, attempt, loading, (state, start) =>
      relayEntry(entry, attempt, state, start),
    );
  };

  async function relayEntry(
    entry: JournalEntry,
    attempt: AttemptInfo,
    before: StoredState,
    startTrace: StartEffectTrace | undefined,
  ): Promise<void> {
    const event = entry.event;
    let state = before;
    const folded = await foldEvent(deps, state, event, attempt);
    state = folded.state;
    const stale = folded.stale;
    if (event.kind === "link.registered" && entry.traceparent) {
      state = { ...state, linkTrace: entry.traceparent };
    }
    await save(state);
    const context: EffectContext = {
      signal: attempt.signal,
      deadline: attempt.deadline,
      entryId: entry.id,
      receivedAt: Date.parse(entry.receivedAt),
      ...(deps.claimMarginMs === undefined ? {} : { claimMarginMs: deps.claimMarginMs }),
      ...(startTrace === undefined ? {} : { trace: startTrace(state.link?.repository ?? null) }),
    };

    const prUrl =
      state.link === null
        ? null
        : pullRequestUrl(deps.githubApiUrl, state.link.repository, state.link.pullRequest);

    // A later entry of this submission is queued: it will render a newer state, so skip the
    // in-between message update and status (Slack allows about one message a second).
    const later = await deps.journal.hasLaterEntries(event.submissionId, entry.seq);
    const plan = planEntryEffects(
      state,
      { entryId: entry.id, event, stale, later, prUrl },
      { slack: deps.slack, github: deps.github !== null },
    );
    // Watched before any effect: a link whose status cannot be set (GitHub down, the entry
    // dead-lettered) is still reconciled.
    if (deps.watch != null && plan.watch !== null) await applyWatch(deps.watch, state, plan.watch);
    state = await applySlack(deps, state, plan.slack, context, save);
    await applyStatus(deps, state, plan.status, context, save);
  }
}

/**
 * Posts or updates the Slack parent and posts the replies the plan names, each once. Returns
 * the state with the parent's channel and the replying entry recorded.
 */
async function applySlack(
  deps: ProcessEntryDeps,
  current: StoredState,
  plan: SlackPlan | null,
  context: EffectContext,
  save: (state: StoredState) => Promise<void>,
): Promise<StoredState> {
  if (deps.slack === null || plan === null) return current;
  let state = current;
  const { channel } = plan;
  const ts = await deps.slack.upsertParent(state.submissionId, plan.message, context, {
    updateExisting: plan.updateExisting,
    channel,
  });
  if (plan.recordChannel) {
    state = { ...state, slackChannel: channel };
    await save(state);
  }
  const reply = plan.failureReply;
  if (reply !== null) {
    await deps.slack.replyOnce(state.submissionId, ts, reply.text, context, { channel });
    if (reply.record) {
      const replies = { ...state.failureReplies, [reply.assetId]: context.entryId };
      state = { ...state, failureReplies: replies };
      await save(state);
    }
  }
  const verdict = plan.verdict;
  if (verdict?.reply != null) {
    await deps.slack.replyOnce(state.submissionId, ts, verdict.reply.text, context, {
      channel,
      replyKey: verdict.reply.replyKey,
    });
  }
  if (verdict?.record) {
    state = { ...state, shownVerdict: verdict.shown };
    await save(state);
  }
  if (plan.mention !== null) {
    // Once per submission, whichever entry finds it failed first.
    await deps.slack.replyOnce(state.submissionId, ts, plan.mention.text, context, {
      channel,
      replyKey: plan.mention.replyKey,
    });
  }
  return state;
}

/** Sets the commit status the plan names, then records it as the last one set. */
async function applyStatus(
  deps: ProcessEntryDeps,
  state: StoredState,
  plan: EntryPlan["status"],
  context: EffectContext,
  save: (state: StoredState) => Promise<void>,
): Promise<void> {
  if (deps.github === null || plan === null || state.link === null) return;
  await deps.github.setStatus(
    state.submissionId,
    state.link.repository,
    state.link.sha,
    plan.status,
    context,
  );
  await save({ ...state, lastStatus: plan.value });
}

/**
 * Watches a linked submission until its verdict is settled (`verdictSettled`): a real event
 * or a link moves its check to `afterMs` from now.
 */
async function applyWatch(
  watch: NonNullable<ProcessEntryDeps["watch"]>,
  state: SubmissionState,
  decision: "watch" | "unwatch",
): Promise<void> {
  if (decision === "unwatch") await watch.journal.unwatchVerdict(state.submissionId);
  else await watch.journal.watchVerdict(state.submissionId, Date.now() + watch.afterMs);
}
