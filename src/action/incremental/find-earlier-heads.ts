import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import type { RecordSource } from "./find-review-record.ts";

/**
 * Earlier commits of a pull request searched for records, newest first, at most. Each costs one
 * listing of check runs (a `GITHUB_TOKEN` may make 1,000 requests an hour in a repository), and
 * the search runs only when neither this commit nor the head before the push holds the record of
 * a run that finished, and stops at the first commit that does: 20 covers a burst of pushes
 * cancelled one after another, a few commits each.
 */
export const MAX_EARLIER_HEADS = 20;

/** GitHub lists at most 250 commits of a pull request, oldest first. */
const PULL_COMMITS_LIMIT = 250;

/**
 * The commits of the pull request before its head, newest first, at most
 * {@link MAX_EARLIER_HEADS}: where a run cancelled or still running at the last push leaves the
 * next one to look (see `findReviewRecords`). Records found there verify only for this commit's
 * repository and environment, and each on its own commit. A pull request whose commits cannot be
 * listed gives a problem to warn about, never an error (except when `signal` aborts).
 */
export async function findEarlierHeads(
  github: GithubClient,
  context: GithubContext,
  signal?: AbortSignal,
): Promise<{ sources: RecordSource[]; problems: string[] }> {
  const pr = context.pullRequest;
  if (pr === undefined) return { sources: [], problems: [] };
  const shas: string[] = [];
  try {
    for await (const page of github.paginate.iterator(github.rest.pulls.listCommits, {
      owner: context.owner,
      repo: context.repo,
      pull_number: pr.number,
      per_page: 100,
      request: { signal },
    })) {
      shas.push(...page.data.map((c) => c.sha));
      if (shas.length >= PULL_COMMITS_LIMIT) break;
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      sources: [],
      problems: [
        `Could not list the commits of pull request #${pr.number} (${(error as Error).message}); the reviews of its earlier heads are not reused.`,
      ],
    };
  }
  const skip = new Set([context.sha.toLowerCase(), pr.previousHeadSha?.toLowerCase()]);
  const sources = shas
    .reverse()
    .filter((sha) => !skip.has(sha.toLowerCase()))
    .slice(0, MAX_EARLIER_HEADS)
    .map((sha) => ({ sha, label: `an earlier commit of pull request #${pr.number}` }));
  return { sources, problems: [] };
}
