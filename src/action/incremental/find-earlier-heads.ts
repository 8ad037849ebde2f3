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

/**
 * The commits of the pull request before its head, newest first, at most
 * {@link MAX_EARLIER_HEADS}: where a run cancelled or still running at the last push leaves the
 * next one to look (see `findReviewRecords`). They are listed from the head back, in one request
 * (a pull request's own commit listing gives its oldest 250 only, the wrong end of a long one),
 * and the listing stops at the base branch's commit. Records found there verify only for this
 * commit's repository and environment, and each on its own commit. A pull request whose commits
 * cannot be listed gives a problem to warn about, never an error (except when `signal` aborts).
 */
export async function findEarlierHeads(
  github: GithubClient,
  context: GithubContext,
  signal?: AbortSignal,
): Promise<{ sources: RecordSource[]; problems: string[] }> {
  const pr = context.pullRequest;
  if (pr === undefined) return { sources: [], problems: [] };
  let shas: string[];
  try {
    const { data } = await github.request("GET /repos/{owner}/{repo}/commits", {
      owner: context.owner,
      repo: context.repo,
      sha: pr.headSha,
      // The head and the bound before it.
      per_page: MAX_EARLIER_HEADS + 1,
      request: { signal },
    });
    shas = data.map((c) => c.sha);
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      sources: [],
      problems: [
        `Could not list the commits of pull request #${pr.number} (${(error as Error).message}); the reviews of its earlier heads are not reused.`,
      ],
    };
  }
  const base = pr.baseSha?.toLowerCase();
  const atBase = shas.findIndex((sha) => sha.toLowerCase() === base);
  const skip = new Set([
    context.sha.toLowerCase(),
    pr.headSha.toLowerCase(),
    pr.previousHeadSha?.toLowerCase(),
  ]);
  const sources = (atBase === -1 ? shas : shas.slice(0, atBase))
    .filter((sha) => !skip.has(sha.toLowerCase()))
    .slice(0, MAX_EARLIER_HEADS)
    .map((sha) => ({ sha, label: `an earlier commit of pull request #${pr.number}` }));
  return { sources, problems: [] };
}
