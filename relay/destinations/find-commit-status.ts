import { type EffectContext, isDestinationError } from "../effects/index.ts";
import type { CommitStatus } from "./compute-commit-status.ts";
import type { GithubAccess } from "./github-access.ts";

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

const same = (s: ListedStatus, status: CommitStatus): boolean =>
  s.context === status.context &&
  s.state === status.state &&
  (s.description ?? "") === status.description &&
  (s.target_url ?? null) === status.targetUrl;

/**
 * Whether `status` was set on the commit since `since` (null: it was; undefined: not seen),
 * reading the commit's statuses newest first and stopping at the first one older than that.
 */
export async function findCommitStatus(
  deps: GithubAccess,
  repository: string,
  sha: string,
  status: CommitStatus,
  since: number,
  context: EffectContext,
): Promise<null | undefined> {
  const [owner, repo] = repository.split("/") as [string, string];
  const oldest = since - CLOCK_SKEW_MS;
  for (let page = 1; ; page += 1) {
    let listed: ListedStatus[];
    try {
      listed = (
        await deps.octokit.rest.repos.listCommitStatusesForRef({
          owner,
          repo,
          ref: sha,
          per_page: PAGE,
          page,
          headers: await deps.headers(repository, context),
          request: { signal: context.signal },
        })
      ).data as ListedStatus[];
    } catch (error) {
      if (isDestinationError(error)) throw error;
      throw deps.failed(repository, "repos.listCommitStatusesForRef", error);
    }
    for (const s of listed) {
      if (Date.parse(s.created_at) < oldest) return undefined;
      if (same(s, status)) return null;
    }
    if (listed.length < PAGE) return undefined;
  }
}
