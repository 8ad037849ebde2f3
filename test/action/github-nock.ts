import {
  createGithubClient,
  type GithubClient,
} from "../../src/action/github/create-github-client.ts";
import type { GithubContext } from "../../src/action/github/read-github-context.ts";

export const API = "https://github.test/api/v3";

/**
 * An Octokit for nock: the Action's plugins. Throttling, which spaces writes a second apart on a
 * real runner, is off unless a test asks for it (unit tests wait for nothing real).
 */
export function testGithub(options: { throttle?: boolean; retry?: boolean } = {}): GithubClient {
  const github = createGithubClient({
    token: "ghs_test",
    baseUrl: API,
    userAgent: "test",
    log: () => {},
    throttle: false,
    ...options,
  });
  return github;
}

export function testContext(extra: Partial<GithubContext> = {}): GithubContext {
  return {
    eventName: "pull_request",
    owner: "octo",
    repo: "media",
    repositoryId: undefined,
    sha: "c".repeat(40),
    apiUrl: API,
    serverUrl: "https://github.test",
    workspace: "/ws",
    runId: "1",
    pullRequest: {
      number: 7,
      headSha: "c".repeat(40),
      baseSha: "b".repeat(40),
      isFork: false,
      previousHeadSha: undefined,
    },
    push: undefined,
    mergeGroup: undefined,
    ...extra,
  };
}
