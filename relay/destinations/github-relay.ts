// By file, not through src/shared's index: only the Action and the relay bundle Octokit.
import { createOctokit } from "../../src/shared/create-octokit.ts";
import { httpStatusOf } from "../../src/shared/http-status-of.ts";
import {
  type CallOutcome,
  DestinationError,
  type EffectContext,
  hostOf,
  isDestinationError,
  neverConnected,
  performOnce,
} from "../effects/index.ts";
import type { EffectJournal } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { CommitStatus } from "./compute-commit-status.ts";
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

/** GitHub's clock and ours may differ: look this far before an entry's receipt. */
const CLOCK_SKEW_MS = 5 * 60_000;
const PAGE = 100;

interface ListedStatus {
  state: string;
  description: string | null;
  context: string;
  target_url: string | null;
  created_at: string;
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

  const request = (context: EffectContext) => ({ signal: context.signal });

  /**
   * As an App, the installation token's header for calls on `repository`. Getting it never
   * sets a status, so any failure is one that certainly changed nothing.
   */
  async function headers(
    repository: string,
    context: EffectContext,
  ): Promise<{ authorization?: string }> {
    if (appAuth === null) return {};
    try {
      return { authorization: await appAuth.authorization(repository, context.signal) };
    } catch (error) {
      const status = httpStatusOf(error);
      const reason =
        status === 404
          ? `the GitHub App ${app?.appId} is not installed on ${repository}: install it on the repository (or its owner) with the "Commit statuses: write" permission`
          : status === 401
            ? `GitHub refused the App's credentials (HTTP 401): check GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY`
            : error instanceof Error
              ? error.message
              : String(error);
      throw new DestinationError(
        {
          destination: "GitHub",
          host,
          operation: "apps.createInstallationAccessToken",
          outcome: "not-performed",
          reason,
          ...(status === null ? {} : { status }),
        },
        { cause: error },
      );
    }
  }

  /** A refused token or installation is looked up again on the next attempt. */
  function refused(repository: string, error: unknown): void {
    const status = httpStatusOf(error);
    if (status === 401 || status === 403 || status === 404) appAuth?.forget(repository);
  }

  function githubError(operation: string, error: unknown): DestinationError {
    const status = httpStatusOf(error);
    // A 4xx is a refusal (rate limits included): nothing was set. A "500" from Octokit may be
    // a real 5xx or a request that never got an answer.
    const refused = status !== null && status >= 400 && status < 500;
    const outcome: CallOutcome = refused || neverConnected(error) ? "not-performed" : "unknown";
    const reason = refused
      ? `HTTP ${status} ${error instanceof Error ? error.message : ""}`.trim()
      : error instanceof Error
        ? error.message
        : String(error);
    return new DestinationError(
      {
        destination: "GitHub",
        host,
        operation,
        outcome,
        reason,
        ...(status === null ? {} : { status }),
      },
      { cause: error },
    );
  }

  async function find(
    repository: string,
    owner: string,
    repo: string,
    sha: string,
    status: CommitStatus,
    since: number,
    context: EffectContext,
  ): Promise<null | undefined> {
    const oldest = since - CLOCK_SKEW_MS;
    for (let page = 1; ; page += 1) {
      let listed: ListedStatus[];
      try {
        listed = (
          await octokit.rest.repos.listCommitStatusesForRef({
            owner,
            repo,
            ref: sha,
            per_page: PAGE,
            page,
            headers: await headers(repository, context),
            request: request(context),
          })
        ).data as ListedStatus[];
      } catch (error) {
        if (isDestinationError(error)) throw error;
        refused(repository, error);
        throw githubError("repos.listCommitStatusesForRef", error);
      }
      // Newest first: stop at the first status older than the entry.
      for (const s of listed) {
        if (Date.parse(s.created_at) < oldest) return undefined;
        if (
          s.context === status.context &&
          s.state === status.state &&
          (s.description ?? "") === status.description &&
          (s.target_url ?? null) === status.targetUrl
        ) {
          return null;
        }
      }
      if (listed.length < PAGE) return undefined;
    }
  }

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
        find: (since) => find(repository, owner, repo, sha, status, since, context),
        perform: async () => {
          const auth = await headers(repository, context);
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
              request: request(context),
            });
          } catch (error) {
            refused(repository, error);
            throw githubError("repos.createCommitStatus", error);
          }
          return null;
        },
      });
    },
  };
}
