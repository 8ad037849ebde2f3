import type { GithubClient } from "../github/create-github-client.ts";
import { type GithubContext, NULL_SHA } from "../github/read-github-context.ts";
import type { RecordSource } from "./find-review-record.ts";

/**
 * The commits whose check runs may hold reviews this run can reuse, most relevant first:
 * - always this commit (a re-run finds its own earlier record there);
 * - on a push to a pull request (`synchronize`), the head before the push;
 * - on `push`, the commit before the push, and the heads of the pull requests GitHub associates
 *   with the pushed commit (`commits/{sha}/pulls`): a squash or merge commit of a reviewed PR;
 * - on `merge_group`, the head of the queue entry's pull request (its number is in `head_ref`;
 *   `commits/{sha}/pulls` knows nothing of queue commits).
 * A pull request that cannot be looked up gives a problem to warn about, never an error.
 */
export async function findRecordSources(
  github: GithubClient,
  context: GithubContext,
  signal?: AbortSignal,
): Promise<{ sources: RecordSource[]; problems: string[] }> {
  const { owner, repo } = context;
  const sources: RecordSource[] = [{ sha: context.sha, label: "this commit" }];
  const problems: string[] = [];
  const failed = (what: string, error: unknown) => {
    if (signal?.aborted) throw error;
    problems.push(
      `Could not look up ${what} (${(error as Error).message}); its reviews are not reused.`,
    );
  };
  const previous = context.pullRequest?.previousHeadSha;
  if (previous !== undefined) sources.push({ sha: previous, label: "the head before the push" });
  const push = context.push;
  if (push !== undefined && !push.deleted) {
    if (!NULL_SHA.test(push.before))
      sources.push({ sha: push.before, label: "the commit before the push" });
    try {
      const { data } = await github.rest.repos.listPullRequestsAssociatedWithCommit({
        owner,
        repo,
        commit_sha: push.after,
        per_page: 100,
        request: { signal },
      });
      for (const pr of data)
        sources.push({ sha: pr.head.sha, label: `pull request #${pr.number}'s head` });
    } catch (error) {
      failed(`the pull requests of ${push.after.slice(0, 7)}`, error);
    }
  }
  const group = context.mergeGroup;
  if (group?.pullNumber !== undefined) {
    try {
      const { data } = await github.rest.pulls.get({
        owner,
        repo,
        pull_number: group.pullNumber,
        request: { signal },
      });
      sources.push({ sha: data.head.sha, label: `pull request #${group.pullNumber}'s head` });
    } catch (error) {
      failed(`pull request #${group.pullNumber} of the merge queue`, error);
    }
  }
  return { sources, problems };
}
