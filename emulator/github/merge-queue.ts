import type { MergeGroup } from "./github-events.ts";
import type { GithubState, PullState } from "./github-state.ts";

function knownCommit(state: GithubState, ref: string) {
  const commit = state.git.resolve(ref);
  if (commit === undefined) throw new Error(`No commit or branch "${ref}": add it first`);
  return commit;
}

function openPull(state: GithubState, number: number): PullState {
  const pr = state.pullRequests.get(number);
  if (pr === undefined)
    throw new Error(`No pull request ${number} on commits: open it with openPullRequest`);
  return pr;
}

/** A pull request from commit `head` into branch `base`: its files derive from the two. */
export function openPullRequest(
  state: GithubState,
  pr: { number: number; head: string; base?: string; headRef?: string },
): void {
  const { number, head, base = "main", headRef = `pr-${number}` } = pr;
  const commit = knownCommit(state, head);
  const baseTip = state.git.resolve(base);
  const from = baseTip === undefined ? undefined : state.git.mergeBase(baseTip, commit);
  state.pulls.delete(number);
  state.pullRequests.set(number, {
    number,
    base,
    headRef,
    head: commit.sha,
    commits: new Set(state.git.commitsBetween(from, commit).map((c) => c.sha)),
    merged: null,
  });
}

/** A push to a pull request's branch: `head` becomes its head, its commits join the PR's. */
export function pushPullRequest(state: GithubState, number: number, head: string): void {
  const pr = openPull(state, number);
  const commit = knownCommit(state, head);
  for (const c of state.git.commitsBetween(state.git.commits.get(pr.head), commit))
    pr.commits.add(c.sha);
  pr.head = commit.sha;
}

/** The changes of a pull request (its three-dot diff), to commit on top of another base. */
function changesOf(state: GithubState, pr: PullState) {
  const head = state.git.commits.get(pr.head)!;
  const tip = state.git.resolve(pr.base);
  const from = tip === undefined ? undefined : state.git.mergeBase(tip, head);
  return state.git.changesBetween(from, head);
}

/**
 * Adds a pull request to the merge queue: a queue commit on top of `after` (a group ahead in the
 * queue) or of the base branch's tip, with the PR's changes. GitHub does not associate queue
 * commits with the PR: `commits/{sha}/pulls` does not list it.
 */
export function createMergeGroup(
  state: GithubState,
  number: number,
  options: { after?: MergeGroup } = {},
): MergeGroup {
  const pr = openPull(state, number);
  const baseSha = options.after?.head_sha ?? knownCommit(state, pr.base).sha;
  const queued = state.git.commit({
    parents: [baseSha],
    files: changesOf(state, pr),
    message: `Merge pull request #${number} (merge queue)`,
  });
  return {
    pullNumber: number,
    head_ref: `refs/heads/gh-readonly-queue/${pr.base}/pr-${number}-${baseSha}`,
    head_sha: queued.sha,
    base_ref: `refs/heads/${pr.base}`,
    base_sha: baseSha,
  };
}

/**
 * Merges a pull request onto its base branch, which moves: `squash` (the default) makes one new
 * commit, `merge` a merge commit with the PR's head as second parent. Returns the branch's
 * `before` and `after`, as the push event carries them.
 */
export function mergePullRequest(
  state: GithubState,
  number: number,
  options: { method?: "squash" | "merge" } = {},
): { ref: string; before: string; after: string } {
  const pr = openPull(state, number);
  if (pr.merged !== null) throw new Error(`Pull request ${number} is merged already`);
  const before = knownCommit(state, pr.base);
  const method = options.method ?? "squash";
  const merged = state.git.commit({
    parents: method === "merge" ? [before.sha, pr.head] : [before.sha],
    branch: pr.base,
    files: changesOf(state, pr),
    message: `Pull request #${number} (${method})`,
  });
  pr.merged = { sha: merged.sha };
  return { ref: `refs/heads/${pr.base}`, before: before.sha, after: merged.sha };
}
