import { Octokit } from "@octokit/rest";
import type { CommitStatus } from "./compute-commit-status.ts";

export interface GithubRelay {
  setStatus(repository: string, sha: string, status: CommitStatus): Promise<void>;
}

/** Sets commit statuses through `@octokit/rest`; failures retry through the journal. */
export function createGithubRelay(options: { token: string; apiUrl: string }): GithubRelay {
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.apiUrl,
    userAgent: "content-review-relay",
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    },
  });
  return {
    async setStatus(repository, sha, status) {
      const [owner, repo] = repository.split("/") as [string, string];
      await octokit.rest.repos.createCommitStatus({
        owner,
        repo,
        sha,
        state: status.state,
        description: status.description,
        context: status.context,
        ...(status.targetUrl === null ? {} : { target_url: status.targetUrl }),
      });
    },
  };
}
