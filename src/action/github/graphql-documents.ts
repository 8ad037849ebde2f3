/**
 * Every GraphQL document the Action sends to GitHub, in one place: the tests validate each one
 * against GitHub's published schema (`@octokit/graphql-schema`), and the GitHub stand-in answers
 * them. A document written anywhere else would escape that check.
 */

/**
 * The review threads of a pull request, a page at a time, each with its first comment's id:
 * the Action touches only threads that one of its own verified comments started.
 */
export const REVIEW_THREADS_QUERY = `query ReviewThreads($owner: String!, $repo: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        nodes {
          id
          isResolved
          comments(first: 1) {
            nodes {
              fullDatabaseId
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
}`;

/** Resolves a review thread: it folds away on the pull request, its comments and replies kept. */
export const RESOLVE_REVIEW_THREAD = `mutation ResolveReviewThread($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) {
    thread {
      id
      isResolved
    }
  }
}`;

/** Opens a resolved review thread again. */
export const UNRESOLVE_REVIEW_THREAD = `mutation UnresolveReviewThread($threadId: ID!) {
  unresolveReviewThread(input: { threadId: $threadId }) {
    thread {
      id
      isResolved
    }
  }
}`;

/** The documents by name, for the test that validates them all. */
export const GRAPHQL_DOCUMENTS: Readonly<Record<string, string>> = Object.freeze({
  REVIEW_THREADS_QUERY,
  RESOLVE_REVIEW_THREAD,
  UNRESOLVE_REVIEW_THREAD,
});
