import type { SlackRelay } from "../destinations/slack-relay.ts";
import type { Journal } from "../journal/index.ts";
import type { EffectContext } from "./perform-once.ts";
import type { OutcomeState } from "./submission-outcome.ts";
import type { SubmissionState } from "./submission-state.ts";
import { verdictChange } from "./verdict-change.ts";

/** A state that remembers the final outcome its Slack parent last showed. */
export interface ShownVerdict extends SubmissionState {
  readonly shownVerdict?: OutcomeState;
}

/**
 * Replies in the thread when an entry changed a final verdict ({@link verdictChange}), once
 * per entry (a retry of it finds the reply claimed), and records the outcome now shown.
 */
export async function announceVerdictChange<S extends ShownVerdict>(
  slack: SlackRelay,
  journal: Pick<Journal, "saveState">,
  state: S,
  thread: { ts: string; channel: string; context: EffectContext },
): Promise<S> {
  const change = verdictChange(state, state.shownVerdict);
  if (change.reply !== null) {
    await slack.replyOnce(state.submissionId, thread.ts, change.reply, thread.context, {
      channel: thread.channel,
      replyKey: `verdict:${thread.context.entryId}`,
    });
  }
  if (change.shown === state.shownVerdict) return state;
  const next: S = { ...state, shownVerdict: change.shown };
  await journal.saveState(state.submissionId, JSON.stringify(next));
  return next;
}
