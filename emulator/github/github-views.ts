import type { GitCommit } from "./git-history.ts";
import type { CheckRun, CommitStatus, GithubUser, ReviewComment } from "./github-model.ts";
import { ACTIONS_BOT } from "./github-model.ts";
import type { PullState } from "./github-state.ts";

const FIXED_TIME = "2026-01-01T00:00:00Z";

/** A check run as GitHub's API returns it. */
export function checkRunView(run: CheckRun, baseUrl: string) {
  const repoUrl = `${baseUrl}/repos/${run.repository}`;
  return {
    id: run.id,
    node_id: `CR_${run.id}`,
    head_sha: run.head_sha,
    external_id: "",
    url: `${repoUrl}/check-runs/${run.id}`,
    html_url: `https://github.com/${run.repository}/runs/${run.id}`,
    details_url: run.details_url ?? `https://github.com/${run.repository}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output?.title ?? null,
      summary: run.output?.summary ?? null,
      text: run.output?.text ?? null,
      annotations_count: run.annotations.length,
      annotations_url: `${repoUrl}/check-runs/${run.id}/annotations`,
    },
    name: run.name,
    check_suite: { id: 1 },
    app: {
      id: run.app.id,
      slug: run.app.slug,
      node_id: `A_${run.app.id}`,
      name: run.app.name,
      owner: null,
      description: "",
      external_url: "https://github.com/features/actions",
      html_url: `https://github.com/apps/${run.app.slug}`,
      created_at: "2018-07-30T09:30:17Z",
      updated_at: "2019-12-10T19:04:12Z",
      permissions: {},
      events: [],
    },
    pull_requests: [],
  };
}

export function statusView(status: CommitStatus, baseUrl: string) {
  return {
    url: `${baseUrl}/repos/${status.repository}/statuses/${status.sha}`,
    id: status.id,
    node_id: `SC_${status.id}`,
    state: status.state,
    description: status.description ?? null,
    context: status.context ?? "default",
    target_url: status.target_url ?? null,
    created_at: status.created_at,
    updated_at: status.created_at,
    creator: userView(ACTIONS_BOT),
  };
}

export function userView(user: GithubUser) {
  return {
    login: user.login,
    id: user.id,
    node_id: `U_${user.id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    url: `https://api.github.com/users/${encodeURIComponent(user.login)}`,
    html_url: `https://github.com/${encodeURIComponent(user.login)}`,
    type: user.type,
    site_admin: false,
  };
}

export function commentView(c: ReviewComment, baseUrl: string) {
  return {
    id: c.id,
    node_id: `PRRC_${c.id}`,
    pull_request_review_id: c.review_id,
    path: c.path,
    body: c.body,
    commit_id: c.commit_id ?? "0".repeat(40),
    original_commit_id: c.commit_id ?? "0".repeat(40),
    subject_type: c.subject_type ?? "line",
    ...(c.line === undefined ? {} : { line: c.line, side: "RIGHT" }),
    user: userView(c.user),
    author_association: c.user.type === "Bot" ? "NONE" : "MEMBER",
    created_at: c.created_at,
    updated_at: c.updated_at,
    url: `${baseUrl}/repos/${c.repository}/pulls/comments/${c.id}`,
    html_url: `https://github.com/${c.repository}/pull/${c.pull_number}#discussion_r${c.id}`,
  };
}

export function commitView(c: GitCommit, baseUrl: string, repository: string) {
  const person = { name: "Octo Cat", email: "octocat@users.noreply.github.com", date: FIXED_TIME };
  return {
    sha: c.sha,
    node_id: `C_${c.sha}`,
    url: `${baseUrl}/repos/${repository}/commits/${c.sha}`,
    html_url: `https://github.com/${repository}/commit/${c.sha}`,
    commit: { message: c.message, author: person, committer: person, tree: { sha: c.sha } },
    parents: c.parents.map((sha) => ({
      sha,
      url: `${baseUrl}/repos/${repository}/commits/${sha}`,
    })),
  };
}

export function pullView(pr: PullState, repository: string) {
  return {
    number: pr.number,
    state: pr.merged === null ? "open" : "closed",
    title: `Pull request ${pr.number}`,
    html_url: `https://github.com/${repository}/pull/${pr.number}`,
    head: { ref: pr.headRef, sha: pr.head, label: `octo:${pr.headRef}` },
    base: { ref: pr.base, label: `octo:${pr.base}` },
    merged_at: pr.merged === null ? null : FIXED_TIME,
    merge_commit_sha: pr.merged?.sha ?? null,
    user: userView({ login: "octocat", id: 583231, type: "User" }),
  };
}
