import type { IncomingHttpHeaders } from "node:http";
import { APP_INSTALLATION_OPERATIONS } from "./app-installations.ts";
import { authenticateRequest } from "./authenticate-request.ts";
import { CHECK_RUN_OPERATIONS } from "./check-runs.ts";
import { COMMIT_STATUS_OPERATIONS } from "./commit-statuses.ts";
import { GIT_OPERATIONS } from "./git-operations.ts";
import { type GithubApp, SCOPE_OF } from "./github-model.ts";
import { checkAgainstOpenApi, openApiAvailable } from "./github-openapi.ts";
import type { GithubOperation, Reply, StatusFaults } from "./github-operation.ts";
import { findRoute, GITHUB_ROUTES } from "./github-routes.ts";
import { BODY_SCHEMAS } from "./github-schemas.ts";
import type { GithubState } from "./github-state.ts";
import { handleGraphqlRequest } from "./handle-graphql-request.ts";
import { PULL_REVIEW_OPERATIONS } from "./pull-reviews.ts";

const OPERATIONS: Readonly<Record<string, GithubOperation>> = Object.freeze({
  ...COMMIT_STATUS_OPERATIONS,
  ...CHECK_RUN_OPERATIONS,
  ...PULL_REVIEW_OPERATIONS,
  ...GIT_OPERATIONS,
  ...APP_INSTALLATION_OPERATIONS,
});

/** How one stand-in answers: whose tokens it accepts and how strictly it checks. */
export interface GithubStandInRules {
  /**
   * The App a token belongs to; undefined answers 401 `Bad credentials`. Once a GitHub App is
   * registered in the state, installation tokens are accepted instead (see authenticateRequest).
   */
  readonly authenticate: (token: string) => GithubApp | undefined;
  /**
   * Check every request against GitHub's OpenAPI description (`@octokit/openapi`) when it is
   * installed; the stand-in's own body schemas and GitHub's documented limits apply always.
   * @default true
   */
  readonly validate?: boolean;
  readonly faults?: StatusFaults;
  /**
   * The repository the known tokens were issued for, as a `GITHUB_TOKEN` is for its workflow's:
   * GraphQL mutations reach only its review threads. Installation tokens reach their account's
   * repositories. Undefined: every repository.
   */
  readonly tokenRepository?: string;
}

/** Whether `token` reaches `repository` (`owner/repo`), for GraphQL mutations. */
function reachesWith(
  state: GithubState,
  rules: GithubStandInRules,
  token: string | undefined,
): (repository: string) => boolean {
  return (repository) => {
    if (state.apps.size > 0) {
      const account = state.installationTokens.get(token ?? "")?.installation.account;
      return account === repository.split("/")[0]?.toLowerCase();
    }
    return (
      rules.tokenRepository === undefined ||
      rules.tokenRepository.toLowerCase() === repository.toLowerCase()
    );
  };
}

/** A request as an adapter (node:http, Express) hands it over. */
export interface GithubRequest {
  readonly method: string;
  /** The request URL relative to the API root: its path is what GitHub's templates match. */
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The API root as callers reach it (`GITHUB_API_URL`). */
  readonly baseUrl: string;
}

type Resolved = { operationId: string; params: Record<string, string> } | Reply;

/**
 * The operation a request names: by GitHub's OpenAPI description when it is installed (a request
 * it refuses is 422, recorded in `state.violations`), else by the stand-in's own route table.
 */
function resolveOperation(
  state: GithubState,
  rules: GithubStandInRules,
  request: GithubRequest,
): Resolved {
  const { method, url } = request;
  if (rules.validate !== false && openApiAvailable()) {
    const verdict = checkAgainstOpenApi(method, `${url.pathname}${url.search}`, request.body);
    if (verdict.ok) return { operationId: verdict.operationId, params: verdict.params };
    state.violations.push(verdict.problem);
    return { status: 422, body: { message: "Validation Failed", errors: [verdict.problem] } };
  }
  const found = findRoute(GITHUB_ROUTES, method, url.pathname);
  if (found !== undefined) return { operationId: found.route.operationId, params: found.params };
  return {
    status: 404,
    body: { message: `The stand-in does not implement ${method} ${url.pathname}` },
  };
}

/** 403 for a denied scope, 422 for a body the stand-in's schema refuses (recorded), or null. */
function refusal(
  state: GithubState,
  operationId: string,
  input: Record<string, unknown>,
): Reply | null {
  const scope = SCOPE_OF[operationId];
  if (scope !== undefined && state.denied.has(scope))
    return { status: 403, body: { message: "Resource not accessible by integration" } };
  const parsed = BODY_SCHEMAS[operationId]?.safeParse(input);
  if (parsed === undefined || parsed.success) return null;
  const errors = parsed.error.issues.map((i) => ({
    resource: "Request",
    field: i.path.join("."),
    code: "invalid",
    message: i.message,
  }));
  state.violations.push(
    `${operationId}: ${errors.map((e) => `${e.field || "(root)"}: ${e.message}`).join("; ")}`,
  );
  return {
    status: 422,
    body: {
      message: "Validation Failed",
      errors,
      documentation_url: "https://docs.github.com/rest",
    },
  };
}

/**
 * Answers one GitHub REST request from `state`, as GitHub would: 401 without a known token (or
 * App JWT, for the operations that take one), 403 for another account's installation token, 422 for what GitHub's description or documented rules refuse (recorded in
 * `state.violations`), 403 for a denied scope, else the operation's answer.
 */
export async function handleGithubRequest(
  state: GithubState,
  rules: GithubStandInRules,
  request: GithubRequest,
): Promise<Reply & { operationId: string | undefined }> {
  const { method, url } = request;
  const token = /^(?:token|Bearer)\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  // Who may call comes first, as on GitHub; the route table says which credential it takes.
  const credential =
    findRoute(GITHUB_ROUTES, method, url.pathname)?.route.credential ?? ("token" as const);
  const authentication = authenticateRequest(state, rules.authenticate, {
    credential,
    token,
    path: url.pathname,
  });
  if (!authentication.ok) return { ...authentication.reply, operationId: undefined };
  const { app } = authentication;
  // GraphQL is one endpoint outside the REST description.
  if (method === "POST" && url.pathname === "/graphql")
    return {
      ...(await handleGraphqlRequest(state, request.body, reachesWith(state, rules, token))),
      operationId: "graphql",
    };

  let input: Record<string, unknown> = {};
  try {
    input = request.body === "" ? {} : (JSON.parse(request.body) as Record<string, unknown>);
  } catch {
    return { status: 400, body: { message: "Problems parsing JSON" }, operationId: undefined };
  }
  const context = (operationId: string, params: Record<string, string>) => ({
    state,
    operationId,
    params,
    url,
    headers: request.headers,
    input,
    repository: `${params["owner"]}/${params["repo"]}`,
    app,
    token,
    baseUrl: request.baseUrl,
    faults: rules.faults ?? {},
  });

  const resolved = resolveOperation(state, rules, request);
  if ("status" in resolved) return { ...resolved, operationId: undefined };
  const { operationId, params } = resolved;
  const refused = refusal(state, operationId, input);
  if (refused !== null) return { ...refused, operationId };
  const operation = OPERATIONS[operationId];
  if (operation === undefined)
    return {
      status: 404,
      body: { message: `The stand-in does not implement ${operationId}` },
      operationId,
    };
  return { ...(await operation(context(operationId, params))), operationId };
}
