import type { GithubOctokit } from "../../src/shared/create-octokit.ts";
import { httpStatusOf } from "../../src/shared/http-status-of.ts";
import type { EffectContext } from "../effects/index.ts";
import type { GithubAppAuth } from "./github-app-auth.ts";
import { githubError, installationError } from "./github-error.ts";

/** How the relay reaches GitHub for a repository: the client, its headers, its failures. */
export interface GithubAccess {
  readonly octokit: GithubOctokit;
  /** As an App, the installation token's header for calls on `repository` (none with a token). */
  headers(repository: string, context: EffectContext): Promise<{ authorization?: string }>;
  /** A failed call as the error to throw; a refused token or installation is looked up again next time. */
  failed(repository: string, operation: string, error: unknown): Error;
}

export function createGithubAccess(deps: {
  readonly octokit: GithubOctokit;
  readonly appAuth: GithubAppAuth | null;
  readonly appId: string | undefined;
  readonly host: string;
}): GithubAccess {
  const { appAuth, host } = deps;
  return {
    octokit: deps.octokit,
    async headers(repository, context) {
      if (appAuth === null) return {};
      try {
        return { authorization: await appAuth.authorization(repository, context.signal) };
      } catch (error) {
        throw installationError(host, deps.appId, repository, error);
      }
    },
    failed(repository, operation, error) {
      const status = httpStatusOf(error);
      if (status === 401 || status === 403 || status === 404) appAuth?.forget(repository);
      return githubError(host, operation, error);
    },
  };
}
