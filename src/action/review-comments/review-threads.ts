import type { GithubClient } from "../github/create-github-client.ts";
import { isPermissionError } from "../github/create-github-client.ts";
import {
  RESOLVE_REVIEW_THREAD,
  REVIEW_THREADS_QUERY,
  UNRESOLVE_REVIEW_THREAD,
} from "../github/graphql-documents.ts";

/** A review thread of a pull request, as far as the Action cares. */
export interface ReviewThread {
  /** GraphQL's node id, which the mutations take. */
  readonly id: string;
  readonly isResolved: boolean;
}

interface ThreadsPage {
  readonly repository: {
    readonly pullRequest: {
      readonly reviewThreads: {
        readonly nodes: readonly {
          readonly id: string;
          readonly isResolved: boolean;
          readonly comments: {
            readonly nodes: readonly { readonly fullDatabaseId: string | null }[];
          };
        }[];
        readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
      };
    } | null;
  } | null;
}

/**
 * The review threads of pull request `number`, by the REST id of their first comment (the one
 * that started the thread; replies follow it). A page of 100 at a time, until GitHub says there
 * is no next page or the cursor stops moving.
 */
export async function readReviewThreads(
  github: GithubClient,
  pr: { readonly owner: string; readonly repo: string; readonly number: number },
): Promise<ReadonlyMap<number, ReviewThread>> {
  const threads = new Map<number, ReviewThread>();
  let after: string | null = null;
  for (;;) {
    const page: ThreadsPage = await github.graphql<ThreadsPage>(REVIEW_THREADS_QUERY, {
      owner: pr.owner,
      repo: pr.repo,
      number: pr.number,
      after,
    });
    const connection = page.repository?.pullRequest?.reviewThreads;
    for (const thread of connection?.nodes ?? []) {
      const first = thread.comments.nodes[0]?.fullDatabaseId;
      if (first !== null && first !== undefined)
        threads.set(Number(first), { id: thread.id, isResolved: thread.isResolved });
    }
    const next = connection?.pageInfo;
    if (next?.hasNextPage !== true || next.endCursor === null || next.endCursor === after)
      return threads;
    after = next.endCursor;
  }
}

/** Resolves (`resolved: true`) or unresolves a review thread; the comments and replies stay. */
export async function setThreadResolved(
  github: GithubClient,
  threadId: string,
  resolved: boolean,
): Promise<void> {
  await github.graphql(resolved ? RESOLVE_REVIEW_THREAD : UNRESOLVE_REVIEW_THREAD, { threadId });
}

/**
 * Whether GitHub refused for want of a permission: GraphQL answers `FORBIDDEN` ("Resource not
 * accessible by integration") in its errors, REST-style 401/403 statuses likewise.
 */
export function isForbidden(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const errors = (error as { errors?: readonly { type?: string }[] }).errors;
  return (
    (Array.isArray(errors) && errors.some((e) => e.type === "FORBIDDEN")) ||
    isPermissionError(error)
  );
}
