import type { GitCommit, GitHistory } from "./git-history.ts";

/** A merge queue entry: the queue commit GitHub makes for a pull request, and what it is on. */
export interface MergeGroup {
  readonly pullNumber: number;
  /** `refs/heads/gh-readonly-queue/<base>/pr-<N>-<base sha>` */
  readonly head_ref: string;
  readonly head_sha: string;
  readonly base_ref: string;
  readonly base_sha: string;
}

const FIXED_TIME = "2026-01-01T00:00:00Z";
const PERSON = { name: "Octo Cat", email: "octocat@users.noreply.github.com", username: "octocat" };
const SENDER = { login: "octocat", id: 583231, type: "User" };

/** The `repository` object of a webhook payload, with the fields the Action reads. */
export function repositoryPayload(fullName: string, defaultBranch = "main") {
  const [owner = "", name = ""] = fullName.split("/");
  return {
    id: 1296269,
    node_id: "R_1296269",
    name,
    full_name: fullName,
    private: false,
    owner: { login: owner, id: 9919, type: "Organization" },
    html_url: `https://github.com/${fullName}`,
    default_branch: defaultBranch,
  };
}

function headCommit(commit: GitCommit) {
  return {
    id: commit.sha,
    tree_id: commit.sha,
    message: commit.message,
    timestamp: FIXED_TIME,
    author: PERSON,
    committer: PERSON,
  };
}

/**
 * The `merge_group` webhook payload (action `checks_requested`) GitHub sends when `group` needs
 * its required checks.
 */
export function mergeGroupEvent(
  history: GitHistory,
  group: MergeGroup,
  repository: string,
  defaultBranch = "main",
) {
  const head = history.commits.get(group.head_sha);
  return {
    action: "checks_requested",
    merge_group: {
      head_sha: group.head_sha,
      head_ref: group.head_ref,
      base_sha: group.base_sha,
      base_ref: group.base_ref,
      head_commit: head === undefined ? null : headCommit(head),
    },
    repository: repositoryPayload(repository, defaultBranch),
    sender: SENDER,
  };
}

/** What a push changed, for the `push` payload's `ref`, `before` and `after`. */
export interface PushInput {
  readonly ref: string;
  readonly before: string;
  readonly after: string;
  readonly repository: string;
  readonly defaultBranch?: string;
}

/**
 * The `push` webhook payload GitHub sends for `before → after` on `ref`: its commits (at most 20,
 * as GitHub lists them) with the paths each added, removed and modified.
 */
export function pushEvent(history: GitHistory, push: PushInput) {
  const zero = /^0+$/.test(push.before);
  const after = history.commits.get(push.after);
  const before = zero ? undefined : history.commits.get(push.before);
  const commits = after === undefined ? [] : history.commitsBetween(before, after);
  const view = (c: GitCommit) => {
    const parent = c.parents[0] === undefined ? undefined : history.commits.get(c.parents[0]);
    const files = history.diff(parent, c);
    const paths = (status: string) =>
      files.filter((f) => f.status === status).map((f) => f.filename);
    return {
      ...headCommit(c),
      distinct: true,
      url: `https://github.com/${push.repository}/commit/${c.sha}`,
      added: paths("added"),
      removed: paths("removed"),
      modified: paths("modified"),
    };
  };
  return {
    ref: push.ref,
    before: push.before,
    after: push.after,
    created: zero,
    deleted: /^0+$/.test(push.after),
    forced: false,
    base_ref: null,
    compare: `https://github.com/${push.repository}/compare/${push.before.slice(0, 12)}...${push.after.slice(0, 12)}`,
    commits: commits.slice(-20).map(view),
    head_commit: after === undefined ? null : view(after),
    repository: repositoryPayload(push.repository, push.defaultBranch),
    pusher: { name: PERSON.username, email: PERSON.email },
    sender: SENDER,
  };
}
