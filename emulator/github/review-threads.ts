import { type ReviewComment, THREAD_SCOPES } from "./github-model.ts";
import type { GithubState } from "./github-state.ts";

/** A review thread: the comment that started it and its replies, in order. */
export interface StandInThread {
  readonly id: string;
  readonly first: ReviewComment;
  readonly comments: readonly ReviewComment[];
}

/** GitHub's node id of the thread `first` started. */
export function threadNodeId(first: ReviewComment): string {
  return `PRRT_${first.id}`;
}

function sameRepository(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function threadOf(state: GithubState, first: ReviewComment): StandInThread {
  const replies = state.reviewComments.filter((c) => c.in_reply_to_id === first.id);
  return { id: threadNodeId(first), first, comments: [first, ...replies] };
}

/** The review threads of pull request `number` of `repository`, oldest first. */
export function pullRequestThreads(
  state: GithubState,
  repository: string,
  number: number,
): StandInThread[] {
  return state.reviewComments
    .filter(
      (c) =>
        c.pull_number === number &&
        c.in_reply_to_id === undefined &&
        sameRepository(c.repository, repository),
    )
    .sort((a, b) => a.id - b.id)
    .map((first) => threadOf(state, first));
}

/** The thread of node id `id`, or undefined when there is none. */
export function findThread(state: GithubState, id: string): StandInThread | undefined {
  const first = state.reviewComments.find(
    (c) => c.in_reply_to_id === undefined && threadNodeId(c) === id,
  );
  return first === undefined ? undefined : threadOf(state, first);
}

/** What GitHub answers a thread mutation, as an error `type` and message; undefined: allowed. */
export function refuseThreadChange(
  state: GithubState,
  id: string,
  reaches: (repository: string) => boolean,
): { readonly type: string; readonly message: string } | undefined {
  const thread = findThread(state, id);
  // A thread of a repository the token does not reach is a node it cannot see.
  if (thread === undefined || !reaches(thread.first.repository))
    return {
      type: "NOT_FOUND",
      message: `Could not resolve to a node with the global id of '${id}'.`,
    };
  if (THREAD_SCOPES.some((scope) => state.denied.has(scope)))
    return { type: "FORBIDDEN", message: "Resource not accessible by integration" };
  return undefined;
}
