import { GraphQLError } from "graphql";
import type { ReviewComment } from "./github-model.ts";
import type { GithubState } from "./github-state.ts";
import { pullRequestFiles } from "./pull-reviews.ts";
import {
  findThread,
  pullRequestThreads,
  refuseThreadChange,
  type StandInThread,
} from "./review-threads.ts";

/** GitHub's largest page of a connection. */
const MAX_PAGE = 100;

interface PageArgs {
  readonly first?: number | null;
  readonly after?: string | null;
  readonly last?: number | null;
  readonly before?: string | null;
}

function githubError(type: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type } });
}

function cursor(index: number): string {
  return Buffer.from(`cursor:${index}`).toString("base64");
}

/** One page of `items` as a GraphQL connection; forward paging (`first`, `after`) only. */
function connection<T, V>(items: readonly T[], args: PageArgs, name: string, view: (item: T) => V) {
  if (args.last != null || args.before != null)
    throw githubError(
      "INVALID_ARGUMENTS",
      `The stand-in pages \`${name}\` forward only (first, after).`,
    );
  if (args.first == null)
    throw githubError(
      "MISSING_PAGINATION_BOUNDARIES",
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
    );
  if (args.first > MAX_PAGE || args.first < 0)
    throw githubError(
      "EXCESSIVE_PAGINATION",
      `Requesting ${args.first} records on the \`${name}\` connection exceeds the \`first\` limit of ${MAX_PAGE} records.`,
    );
  const from =
    args.after == null
      ? 0
      : Number(
          Buffer.from(args.after, "base64")
            .toString("utf8")
            .replace(/^cursor:/, ""),
        ) + 1;
  const start = Number.isInteger(from) && from >= 0 ? from : 0;
  const slice = items.slice(start, start + args.first);
  return {
    nodes: slice.map(view),
    totalCount: items.length,
    pageInfo: {
      hasNextPage: start + slice.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length > 0 ? cursor(start) : null,
      endCursor: slice.length > 0 ? cursor(start + slice.length - 1) : null,
    },
  };
}

function commentNode(c: ReviewComment) {
  return {
    id: `PRRC_${c.id}`,
    databaseId: c.id,
    fullDatabaseId: String(c.id),
    body: c.body,
    author: { __typename: c.user.type === "Bot" ? "Bot" : "User", login: c.user.login },
  };
}

function threadNode(state: GithubState, thread: StandInThread) {
  return {
    id: thread.id,
    isResolved: state.resolvedThreads.has(thread.first.id),
    path: thread.first.path,
    comments: (args: PageArgs) => connection(thread.comments, args, "comments", commentNode),
  };
}

/**
 * The resolvers of the stand-in's GraphQL subset (see `GRAPHQL_SUBSET_SDL`), as GitHub answers:
 * a pull request's review threads, and resolving or unresolving one. A mutation reaches only
 * threads of repositories the token `reaches` (others are nodes it cannot see: `NOT_FOUND`),
 * and needs the thread scopes (`FORBIDDEN`, "Resource not accessible by integration").
 */
export function graphqlRoot(state: GithubState, reaches: (repository: string) => boolean) {
  const setResolved = (resolved: boolean) => (args: { input: { threadId: string } }) => {
    const id = args.input.threadId;
    const refusal = refuseThreadChange(state, id, reaches);
    if (refusal !== undefined) throw githubError(refusal.type, refusal.message);
    const thread = findThread(state, id)!;
    if (resolved) state.resolvedThreads.add(thread.first.id);
    else state.resolvedThreads.delete(thread.first.id);
    return { clientMutationId: null, thread: threadNode(state, thread) };
  };
  return {
    repository: (args: { owner: string; name: string }) => {
      const repository = `${args.owner}/${args.name}`;
      return {
        id: `R_${repository}`,
        nameWithOwner: repository,
        pullRequest: ({ number }: { number: number }) => {
          if (pullRequestFiles(state, repository, number) === undefined)
            throw githubError(
              "NOT_FOUND",
              `Could not resolve to a PullRequest with the number of ${number}.`,
            );
          return {
            id: `PR_${number}`,
            number,
            reviewThreads: (page: PageArgs) =>
              connection(
                pullRequestThreads(state, repository, number),
                page,
                "reviewThreads",
                (t) => threadNode(state, t),
              ),
          };
        },
      };
    },
    resolveReviewThread: setResolved(true),
    unresolveReviewThread: setResolved(false),
  };
}
