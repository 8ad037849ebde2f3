import type { Credential } from "./authenticate-request.ts";

/** A path template of GitHub's REST API, the operation it names and how it is authenticated. */
export interface GithubRoute {
  readonly method: string;
  readonly template: string;
  readonly operationId: string;
  readonly credential: Credential;
}

const REPO = "/repos/{owner}/{repo}";

/**
 * The operations the stand-in implements, by GitHub's path templates and operation ids: how it
 * routes when GitHub's OpenAPI description is not installed or validation is off, and which
 * credential each takes (with the description too). An operation added to the stand-in is a
 * line here and its handler in handle-github-request.ts's table.
 */
export const GITHUB_ROUTES: readonly GithubRoute[] = Object.freeze([
  ...(
    [
      ["POST", "/statuses/{sha}", "repos/create-commit-status"],
      ["GET", "/commits/{ref}/statuses", "repos/list-commit-statuses-for-ref"],
      ["POST", "/check-runs", "checks/create"],
      ["PATCH", "/check-runs/{check_run_id}", "checks/update"],
      ["GET", "/check-runs/{check_run_id}", "checks/get"],
      ["GET", "/check-runs/{check_run_id}/annotations", "checks/list-annotations"],
      ["GET", "/commits/{ref}/check-runs", "checks/list-for-ref"],
      ["GET", "/pulls/{pull_number}", "pulls/get"],
      ["GET", "/pulls/{pull_number}/files", "pulls/list-files"],
      ["GET", "/pulls/{pull_number}/commits", "pulls/list-commits"],
      ["GET", "/commits", "repos/list-commits"],
      ["GET", "/pulls/{pull_number}/comments", "pulls/list-review-comments"],
      ["POST", "/pulls/{pull_number}/comments", "pulls/create-review-comment"],
      ["PATCH", "/pulls/comments/{comment_id}", "pulls/update-review-comment"],
      ["POST", "/pulls/{pull_number}/reviews", "pulls/create-review"],
      ["GET", "/compare/{basehead}", "repos/compare-commits-with-basehead"],
      ["GET", "/commits/{commit_sha}/pulls", "repos/list-pull-requests-associated-with-commit"],
      ["GET", "/git/trees/{tree_sha}", "git/get-tree"],
      ["GET", "/git/blobs/{file_sha}", "git/get-blob"],
    ] as const
  ).map(([method, path, operationId]) => ({
    method,
    template: `${REPO}${path}`,
    operationId,
    credential: "token" as const,
  })),
  {
    method: "GET",
    template: "/users/{username}",
    operationId: "users/get-by-username",
    credential: "token",
  },
  // GitHub App authentication: these take the App's JWT, not a token.
  {
    method: "GET",
    template: `${REPO}/installation`,
    operationId: "apps/get-repo-installation",
    credential: "app-jwt",
  },
  {
    method: "POST",
    template: "/app/installations/{installation_id}/access_tokens",
    operationId: "apps/create-installation-access-token",
    credential: "app-jwt",
  },
]);

/** A path segment, percent-decoded; null when its escapes are malformed (`%E0`). */
export function decodePathPart(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Path parameters of `path` when it matches `template` (`{name}` is one segment), else null
 * (a segment with malformed escapes matches nothing: GitHub answers such a path 404).
 */
export function matchTemplate(template: string, path: string): Record<string, string> | null {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(
    `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "([^/]+)")}$`,
  );
  const values = pattern.exec(path)?.slice(1);
  if (values === undefined) return null;
  const decoded = values.map((v) => decodePathPart(v ?? ""));
  if (decoded.some((v) => v === null)) return null;
  return Object.fromEntries(names.map((name, i) => [name, decoded[i]!]));
}

/** Each route table in the order findRoute tries it, sorted once. */
const BY_LITERALS = new WeakMap<readonly GithubRoute[], readonly GithubRoute[]>();

/** The route of `method path` among `routes`; literal segments win over parameters. */
export function findRoute(
  routes: readonly GithubRoute[],
  method: string,
  path: string,
): { route: GithubRoute; params: Record<string, string> } | undefined {
  let byLiterals = BY_LITERALS.get(routes);
  if (byLiterals === undefined) {
    byLiterals = [...routes].sort(
      (a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0),
    );
    BY_LITERALS.set(routes, byLiterals);
  }
  for (const route of byLiterals) {
    if (route.method !== method) continue;
    const params = matchTemplate(route.template, path);
    if (params !== null) return { route, params };
  }
  return undefined;
}
