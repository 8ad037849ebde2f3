import type { AttemptInfo, Journal, JournalEntry } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import { computeCommitStatus } from "./compute-commit-status.ts";
import type { Enricher } from "./enricher.ts";
import type { GithubRelay } from "./github-relay.ts";
import { pullRequestUrl } from "./github-web-url.ts";
import { renderFailureReply, renderSlackMessage } from "./render-slack-message.ts";
import type { SlackRelay } from "./slack-relay.ts";
import {
  applyAssetEvent,
  applyLink,
  emptySubmissionState,
  type SubmissionState,
} from "./submission-state.ts";

export interface ProcessEntryDeps {
  readonly journal: Pick<
    Journal,
    "loadState" | "saveState" | "getEffect" | "setEffect" | "hasLaterEntries"
  >;
  readonly slack: SlackRelay | null;
  readonly github: GithubRelay | null;
  readonly enricher: Enricher | null;
  /** Used to build pull request links. */
  readonly githubApiUrl: string;
  readonly logger: Logger;
}

/**
 * Handles one journaled entry: folds it into the submission's state, then brings Slack and
 * the commit status up to date. Every step is safe to repeat, so a retry after a crash at
 * any point converges on the same messages and statuses.
 */
export function createEntryProcessor(deps: ProcessEntryDeps) {
  return async function processEntry(
    entry: JournalEntry,
    attempt: AttemptInfo = { attempt: 1, isLast: true },
  ): Promise<void> {
    const event = entry.event;
    const stored = await deps.journal.loadState(event.submissionId);
    let state: SubmissionState =
      stored === null
        ? emptySubmissionState(event.submissionId)
        : (JSON.parse(stored) as SubmissionState);

    if (event.kind === "link.registered") {
      state = applyLink(state, event.link);
    } else {
      let details = null;
      if (deps.enricher !== null) {
        try {
          details = await deps.enricher.assetDetails(
            event.submissionId,
            event.assetId,
            event.kind === "asset.processing.completed",
          );
        } catch (error) {
          // Without severities a commit status could gate wrongly: retry first. On the last
          // attempt relay what the event itself says rather than nothing.
          if (!attempt.isLast) throw error;
          deps.logger.warn("enrichment failed; relaying the event without it", {
            submissionId: event.submissionId,
            assetId: event.assetId,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      state = applyAssetEvent(state, event, details);
    }
    await deps.journal.saveState(event.submissionId, JSON.stringify(state));

    const prUrl =
      state.link === null
        ? null
        : pullRequestUrl(deps.githubApiUrl, state.link.repository, state.link.pullRequest);

    // A later entry of this submission is queued: it will render a newer state, so skip the
    // in-between message update and status (Slack allows about one message a second).
    const later = await deps.journal.hasLaterEntries(event.submissionId, entry.seq);
    const failed = event.kind === "asset.processing.failed";

    if (deps.slack !== null && state.assets.length > 0 && (!later || failed)) {
      const message = renderSlackMessage(state, prUrl);
      const ts = await deps.slack.upsertParent(state.submissionId, message, {
        updateExisting: !later,
      });
      if (failed) {
        const asset = state.assets.find((a) => a.assetId === event.assetId);
        if (asset !== undefined) {
          await deps.slack.replyOnce(state.submissionId, ts, entry.id, renderFailureReply(asset));
        }
      }
    }

    if (deps.github !== null && state.link !== null && !later) {
      const status = computeCommitStatus(state, prUrl);
      if (status !== null) {
        // Skip a repeat of the status already set (a replay or a retry after a Slack failure).
        const key = `github-status:${state.submissionId}`;
        const value = JSON.stringify([state.link.repository, state.link.sha, status]);
        const last = await deps.journal.getEffect(key);
        if (last?.value !== value) {
          await deps.github.setStatus(state.link.repository, state.link.sha, status);
          await deps.journal.setEffect(key, { state: "done", value });
        }
      }
    }
  };
}
