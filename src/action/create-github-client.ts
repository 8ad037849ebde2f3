import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";

/** Octokit with retries and rate-limit handling, as the Action uses it. */
export type GithubClient = InstanceType<typeof Octokit>;

const ActionOctokit = Octokit.plugin(retry, throttling);

/**
 * An Octokit for `GITHUB_API_URL` (GHES and the test fake included): retries 5xx with the retry
 * plugin, and waits out primary and secondary rate limits up to twice with the throttling plugin.
 */
export function createGithubClient(options: {
  token: string;
  baseUrl: string;
  userAgent: string;
  log: (message: string) => void;
  /** Space write requests and wait out rate limits, as GitHub asks of integrations. @default true */
  throttle?: boolean;
}): GithubClient {
  return new ActionOctokit({
    auth: options.token,
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    log: { debug: () => {}, info: () => {}, warn: options.log, error: options.log },
    throttle: {
      enabled: options.throttle ?? true,
      onRateLimit: (retryAfter, request, _octokit, retryCount) => {
        options.log(
          `GitHub rate limit on ${request.method} ${request.url}; retrying after ${retryAfter} s.`,
        );
        return retryCount < 2;
      },
      onSecondaryRateLimit: (retryAfter, request, _octokit, retryCount) => {
        options.log(
          `GitHub secondary rate limit on ${request.method} ${request.url}; retrying after ${retryAfter} s.`,
        );
        return retryCount < 2;
      },
    },
  }) as unknown as GithubClient;
}

/** True for a 403/404 that means the token lacks a permission (e.g. `checks: write`). */
export function isPermissionError(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  return status === 403 || status === 401;
}
