import { escapeMrkdwn, SLACK_LIMITS, truncateMrkdwn } from "../destinations/index.ts";
import {
  type OutcomeState,
  type SubmissionOutcome,
  type SubmissionState,
  submissionOutcome,
} from "../submission/index.ts";

/** What a later event changed after a final status, as the thread says it. */
export interface VerdictChange {
  /** The final outcome the Slack parent shows now (kept in the state); undefined while pending. */
  readonly shown: OutcomeState | undefined;
  /** The thread reply saying the verdict changed, or null when it did not. */
  readonly reply: string | null;
}

/**
 * The one rule for a later event after a final status (docs/relay.md, "What a later event may
 * change"): an asset's newer verdict (a retried asset's success, by its signed time or
 * reconciliation's read) replaces its older one, and the submission's outcome follows
 * everywhere at once: the commit status, the Slack parent (updated), and a reply in its thread
 * saying what it was and what it is. Pure.
 */
export function verdictChange(
  state: SubmissionState,
  shownBefore: OutcomeState | undefined,
  outcome: SubmissionOutcome = submissionOutcome(state),
): VerdictChange {
  // Pending again (a link that came after the first verdict counts more assets): no verdict
  // shown, so the next final one is a first, not a change.
  if (outcome.state === "pending") return { shown: undefined, reply: null };
  if (shownBefore === undefined || shownBefore === outcome.state) {
    return { shown: outcome.state, reply: null };
  }
  const text = `Verdict changed (was ${shownBefore}): ${outcome.marker} ${outcome.label}: ${escapeMrkdwn(outcome.detail)}`;
  return { shown: outcome.state, reply: truncateMrkdwn(text, SLACK_LIMITS.sectionText) };
}
