// By file, not through src/shared's index: only the Action and the relay bundle Octokit.
import { createOctokit } from "../../src/shared/create-octokit.ts";
import { type EffectContext, hostOf, performOnce } from "../effects/index.ts";
import type { EffectJournal } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { CommitStatus } from "./compute-commit-status.ts";
import { findCommitStatus } from "./find-commit-status.ts";
import { createGithubAccess } from "./github-access.ts";
import { createGithubAppAuth, type GithubAppAuth } from "./github-app-auth.ts";

export interface GithubRelay {
  /** Where the relay sets statuses, for logs: `GitHub commit statuses (api.github.com)`. */
  readonly destination: string;
  /** Sets the commit status of one journal entry, once. */
  setStatus(
    submissionId: string,
    repository: string,
    sha: string,
    status: CommitStatus,
    context: EffectContext,
  ): Promise<void>;
}

export interface GithubRelayOptions {
  /** A token (personal or fine-grained), or null with `app`. */
  readonly token: string | null;
  /** A GitHub App: statuses are set with the token of the repository's installation. */
  readonly app?: { readonly appId: string; readonly privateKey: string } | null;
  readonly apiUrl: string;
  readonly effects: EffectJournal;
  readonly logger: Logger;
  /** Timeout of one HTTP request (also bounded by the attempt's deadline). @default 10000 */
  readonly requestTimeoutMs?: number;
  /** The clock of App token expiry (tests). @default Date.now */
  readonly now?: () => number;
}

/**
 * Sets commit statuses through `@octokit/rest`, each exactly once. Every request carries the
 * attempt's abort signal and a timeout. A status whose outcome is unknown (a timeout after
 * sending, a 5xx) is looked for among the statuses of its commit before it is set again.
 */
export function createGithubRelay(options: GithubRelayOptions): GithubRelay {
  const host = hostOf(options.apiUrl);
  const app = options.app ?? null;
  const destination =
    app === null
      ? `GitHub commit statuses (${host})`
      : `GitHub commit statuses as App ${app.appId} (${host})`;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  // No retries, no throttling: the journal retries the whole attempt, with backoff. Each
  // request ends at its own timeout or at the attempt's deadline (its signal), whichever is first.
  const octokit = createOctokit({
    auth: options.token ?? undefined,
    baseUrl: options.apiUrl,
    userAgent: "content-review-relay",
    requestTimeoutMs,
  });

  const appAuth: GithubAppAuth | null =
    app === null
      ? null
      : createGithubAppAuth({
          ...app,
          octokit,
          ...(options.now === undefined ? {} : { now: options.now }),
        });

  const access = createGithubAccess({ octokit, appAuth, appId: app?.appId, host });

  return {
    destination,
    async setStatus(submissionId, repository, sha, status, context) {
      const [owner, repo] = repository.split("/") as [string, string];
      await performOnce({
        effects: options.effects,
        logger: options.logger,
        key: `github-status:${context.entryId}`,
        scope: { submissionId, entryId: context.entryId, since: context.receivedAt },
        context,
        destination: `${destination} ${repository}@${sha.slice(0, 7)}`,
        find: (since) => findCommitStatus(access, repository, sha, status, since, context),
        perform: async () => {
          const auth = await access.headers(repository, context);
          try {
            await octokit.rest.repos.createCommitStatus({
              headers: auth,
              owner,
              repo,
              sha,
              state: status.state,
              description: status.description,
              context: status.context,
              ...(status.targetUrl === null ? {} : { target_url: status.targetUrl }),
              request: { signal: context.signal },
            });
          } catch (error) {
            throw access.failed(repository, "repos.createCommitStatus", error);
          }
          return null;
        },
      });
    },
  };
}
