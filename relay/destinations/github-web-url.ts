/** The web address behind a GitHub API address: api.github.com or GHES's `<host>/api/v3`. */
export function githubWebUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.hostname === "api.github.com") return "https://github.com";
  return `${url.origin}${url.pathname.replace(/\/api\/v3\/?$/, "").replace(/\/+$/, "")}`;
}

/** The pull request's web address, or null when the link names none. */
export function pullRequestUrl(
  apiUrl: string,
  repository: string,
  pullRequest: number | null,
): string | null {
  return pullRequest === null ? null : `${githubWebUrl(apiUrl)}/${repository}/pull/${pullRequest}`;
}
