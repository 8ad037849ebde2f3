import { buildSchema, type GraphQLSchema } from "graphql";

/**
 * The part of GitHub's GraphQL schema the stand-in answers, in GitHub's own names and types (a
 * test checks each field against `@octokit/graphql-schema`): a pull request's review threads
 * with their comments, and the mutations that resolve and unresolve a thread.
 */
export const GRAPHQL_SUBSET_SDL = `
scalar BigInt

type Query {
  repository(owner: String!, name: String!, followRenames: Boolean = true): Repository
}

type Mutation {
  resolveReviewThread(input: ResolveReviewThreadInput!): ResolveReviewThreadPayload
  unresolveReviewThread(input: UnresolveReviewThreadInput!): UnresolveReviewThreadPayload
}

type Repository {
  id: ID!
  nameWithOwner: String!
  pullRequest(number: Int!): PullRequest
}

type PullRequest {
  id: ID!
  number: Int!
  reviewThreads(after: String, before: String, first: Int, last: Int): PullRequestReviewThreadConnection!
}

type PageInfo {
  endCursor: String
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
}

type PullRequestReviewThreadConnection {
  nodes: [PullRequestReviewThread]
  pageInfo: PageInfo!
  totalCount: Int!
}

type PullRequestReviewThread {
  id: ID!
  isResolved: Boolean!
  path: String!
  comments(after: String, before: String, first: Int, last: Int, skip: Int): PullRequestReviewCommentConnection!
}

type PullRequestReviewCommentConnection {
  nodes: [PullRequestReviewComment]
  pageInfo: PageInfo!
  totalCount: Int!
}

type PullRequestReviewComment {
  id: ID!
  databaseId: Int
  fullDatabaseId: BigInt
  body: String!
  author: Actor
}

interface Actor {
  login: String!
}

type Bot implements Actor {
  login: String!
}

type User implements Actor {
  login: String!
}

input ResolveReviewThreadInput {
  clientMutationId: String
  threadId: ID!
}

type ResolveReviewThreadPayload {
  clientMutationId: String
  thread: PullRequestReviewThread
}

input UnresolveReviewThreadInput {
  clientMutationId: String
  threadId: ID!
}

type UnresolveReviewThreadPayload {
  clientMutationId: String
  thread: PullRequestReviewThread
}
`;

let subset: GraphQLSchema | undefined;

/** The stand-in's schema, built once per process. */
export function graphqlSubset(): GraphQLSchema {
  subset ??= buildSchema(GRAPHQL_SUBSET_SDL);
  return subset;
}
