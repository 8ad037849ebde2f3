import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLSchema,
  parse,
  validate,
} from "graphql";
import type { Reply } from "./github-operation.ts";
import type { GithubState } from "./github-state.ts";
import { graphqlRoot } from "./graphql-root.ts";
import { graphqlSubset } from "./graphql-subset.ts";
import { publishedGraphqlSchema } from "./published-graphql-schema.ts";

/** An error as GitHub's GraphQL API lists it: a `type` (FORBIDDEN, NOT_FOUND, …) where known. */
function githubShape(error: GraphQLError) {
  const type = error.extensions["type"];
  return {
    ...(typeof type === "string" ? { type } : {}),
    ...(error.path === undefined ? {} : { path: error.path }),
    ...(error.locations === undefined ? {} : { locations: error.locations }),
    message: error.message,
  };
}

/** A refusal with `errors` (HTTP 200, as GitHub answers), recorded as a violation `why`. */
function refused(state: GithubState, why: string, errors: readonly GraphQLError[]): Reply {
  state.violations.push(`graphql: ${why}: ${errors.map((e) => e.message).join("; ")}`);
  return { status: 200, body: { errors: errors.map(githubShape) } };
}

/** The validation errors of `document` against `schema`, if any. */
function invalidIn(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document);
}

/**
 * Answers `POST /graphql` as GitHub's GraphQL API: the document is parsed and validated against
 * GitHub's published schema (`@octokit/graphql-schema`, when installed) and then against the
 * stand-in's subset, which it is executed on. A document GitHub would refuse, or one past what
 * the stand-in models, is answered with errors and recorded in `state.violations`. Mutations
 * reach only the threads of repositories the token `reaches`.
 */
export async function handleGraphqlRequest(
  state: GithubState,
  body: string,
  reaches: (repository: string) => boolean,
): Promise<Reply> {
  let request: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    return { status: 400, body: { message: "Problems parsing JSON" } };
  }
  if (typeof request.query !== "string")
    return {
      status: 400,
      body: { message: "A query attribute must be specified and must be a string." },
    };
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    return refused(state, "syntax", [error as GraphQLError]);
  }
  const published = publishedGraphqlSchema();
  const againstGithub = published === null ? [] : invalidIn(published, document);
  if (againstGithub.length > 0) return refused(state, "not valid for GitHub", againstGithub);
  const subset = graphqlSubset();
  const againstSubset = invalidIn(subset, document);
  if (againstSubset.length > 0)
    return refused(state, "past what the stand-in answers", againstSubset);
  const result = await execute({
    schema: subset,
    document,
    rootValue: graphqlRoot(state, reaches),
    variableValues: (request.variables ?? {}) as Record<string, unknown>,
    operationName: typeof request.operationName === "string" ? request.operationName : undefined,
  });
  return {
    status: 200,
    body: {
      ...(result.data === undefined ? {} : { data: result.data }),
      ...(result.errors === undefined ? {} : { errors: result.errors.map(githubShape) }),
    },
  };
}
