// @ts-nocheck
import type { ReusedReview } from "../pipeline/index.ts";

const COMMIT_SHA = /^[0-9a-f]{40}$/i;

/**
 * `unchanged since abc1234`: the run whose review still stands, as a short commit sha (the
 * Action), or the date-time as recorded (the CLI).
 */
export function describeReuse(reused: ReusedReview): string {
  const at = COMMIT_SHA.test(reused.reviewedIn) ? reused.reviewedIn.slice(0, 7) : reused.reviewedIn;
  return `unchanged since ${at}`;
}
