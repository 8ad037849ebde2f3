import {
  type OutcomeState,
  type SubmissionOutcome,
  type SubmissionState,
  submissionOutcome,
} from "../submission/index.ts";
import { truncate } from "./escape-mrkdwn.ts";
import { harmlessText } from "./harmless-text.ts";

/** GitHub's limit on a commit status description. */
export const STATUS_DESCRIPTION_MAX = 140;

export interface CommitStatus {
  readonly state: OutcomeState;
  readonly description: string;
  readonly context: string;
  readonly targetUrl: string | null;
}

/**
 * The commit status of a linked submission: its {@link submissionOutcome}, the same one the
 * Slack headline states. Null when nobody linked the submission to a commit.
 */
export function computeCommitStatus(
  state: SubmissionState,
  prUrl: string | null,
  outcome: SubmissionOutcome = submissionOutcome(state),
): CommitStatus | null {
  if (state.link === null) return null;
  return {
    state: outcome.state,
    description: truncate(harmlessText(outcome.detail), STATUS_DESCRIPTION_MAX),
    // The context comes from `POST /links` as it was sent: U+0000 in it is stored, not sent.
    context: harmlessText(state.link.context),
    targetUrl: prUrl,
  };
}
