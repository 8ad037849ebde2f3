// @ts-nocheck
import type { ReviewOutcome } from "../pipeline/index.ts";
import { plural } from "../policy/index.ts";

/**
 * Why a run over `max-credits` was not reviewed, and how to proceed: raise the limit, or re-run
 * once with a higher one from `workflow_dispatch` (the workflow templates have that input).
 */
export function overBudgetReason(outcome: ReviewOutcome): string {
  const estimate = outcome.estimate?.totalCredits ?? 0;
  return [
    `Not reviewed: the estimate is ${plural(estimate, "credit")}, over the max-credits limit of ${outcome.maxCredits ?? 0}; nothing was submitted or charged.`,
    "To review these files, raise max-credits in the workflow, or run the workflow once by hand (Actions tab, Run workflow, the workflow_dispatch input max-credits) with a higher limit.",
  ].join(" ");
}
