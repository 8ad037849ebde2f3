import type { GithubState } from "./github-state.ts";

/**
 * Moves what belongs to repository `from` (check runs, statuses, reviews, comments) to `to`,
 * as GitHub does on a rename or transfer.
 */
export function moveRepository(state: GithubState, from: string, to: string): void {
  const was = from.toLowerCase();
  for (const kept of [state.checkRuns, state.statuses, state.reviews, state.reviewComments])
    for (const item of kept as { repository: string }[])
      if (item.repository.toLowerCase() === was) item.repository = to;
}
