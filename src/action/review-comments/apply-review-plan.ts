import { plural } from "../../policy/index.ts";
import { describeError } from "../../shared/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { ReviewPlan } from "./plan-review.ts";
import type { PlannedComment } from "./planned-comments.ts";
import { isForbidden, setThreadResolved } from "./review-threads.ts";

/** Where the review goes: the pull request and the commit reviewed. */
export interface ReviewTarget {
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
  readonly sha: string;
}

/** What applying a plan did, for the log and tests. */
export interface AppliedReview {
  readonly created: number;
  readonly updated: number;
  readonly outdated: number;
  readonly resolved: number;
  readonly unresolved: number;
  readonly reviewId: number | undefined;
  /**
   * Set when GitHub refused the comments both inside a review and one by one: why, for one
   * warning. The findings are still in the check run and the job summary.
   */
  readonly refused: string | undefined;
  /** Set when a thread could not be resolved or unresolved: why, for one warning. */
  readonly threadsRefused: string | undefined;
}

function isUnprocessable(error: unknown): boolean {
  return (error as { status?: number }).status === 422;
}

/** What the thread mutations of `plan` did; the first refusal ends them, with one reason. */
async function applyThreads(
  github: GithubClient,
  plan: ReviewPlan,
): Promise<{
  resolved: number;
  unresolved: number;
  threadsRefused: string | undefined;
  /** The threads resolved now. */
  done: ReadonlySet<string>;
}> {
  const done = new Set<string>();
  const count = { resolved: 0, unresolved: 0 };
  const changes = [
    ...plan.resolve.map((id) => ({ id, resolved: true })),
    ...plan.unresolve.map((id) => ({ id, resolved: false })),
  ];
  for (const change of changes) {
    try {
      await setThreadResolved(github, change.id, change.resolved);
      count[change.resolved ? "resolved" : "unresolved"] += 1;
      if (change.resolved) done.add(change.id);
    } catch (error) {
      const left = changes.length - count.resolved - count.unresolved;
      const hint = isForbidden(error)
        ? " The token may not resolve review threads: give the workflow `pull-requests: write` (GitHub has been seen to ask for `contents: write` as well for Actions tokens), or leave it so; a later run resolves them once it may."
        : "";
      return {
        ...count,
        done,
        threadsRefused: `GitHub refused to ${change.resolved ? "resolve" : "unresolve"} a review thread (${describeError(error)}); ${plural(left, "thread")} left as ${left === 1 ? "it is" : "they are"}, the comments are up to date.${hint}`,
      };
    }
  }
  return { ...count, done, threadsRefused: undefined };
}

/** Posts `post` one by one through the documented endpoint; the first refusal ends it. */
async function postOneByOne(
  github: GithubClient,
  target: ReviewTarget,
  post: readonly PlannedComment[],
  whole: string,
): Promise<{ created: number; refused: string | undefined }> {
  let created = 0;
  for (const c of post) {
    try {
      await github.rest.pulls.createReviewComment({
        owner: target.owner,
        repo: target.repo,
        pull_number: target.number,
        commit_id: target.sha,
        path: c.path,
        body: c.body,
        ...(c.line === undefined
          ? { subject_type: "file" as const }
          : { line: c.line, side: "RIGHT" as const }),
      });
      created += 1;
    } catch (single) {
      if (!isUnprocessable(single)) throw single;
      return {
        created,
        refused: `GitHub refused the review (${whole}) and then a single comment on ${c.path} (${describeError(single)}); ${plural(post.length - created, "comment")} not posted`,
      };
    }
  }
  return { created, refused: undefined };
}

/**
 * Posts the plan's new comments as one review (event COMMENT). GitHub does not document
 * `subject_type` inside a review, and a GitHub that does not accept it answers 422 for the whole
 * review: the same comments then go out one by one through the documented endpoint.
 */
async function postReview(
  github: GithubClient,
  target: ReviewTarget,
  plan: ReviewPlan,
): Promise<{ created: number; reviewId: number | undefined; refused: string | undefined }> {
  if (plan.post.length === 0) return { created: 0, reviewId: undefined, refused: undefined };
  try {
    const { data } = await github.rest.pulls.createReview({
      owner: target.owner,
      repo: target.repo,
      pull_number: target.number,
      commit_id: target.sha,
      event: "COMMENT",
      body: plan.reviewBody,
      comments: plan.post.map((c) =>
        c.line === undefined
          ? { path: c.path, body: c.body, subject_type: "file" }
          : { path: c.path, body: c.body, line: c.line, side: "RIGHT" },
      ) as { path: string; body: string }[],
    });
    return { created: plan.post.length, reviewId: data.id, refused: undefined };
  } catch (error) {
    if (!isUnprocessable(error)) throw error;
    const sent = await postOneByOne(github, target, plan.post, describeError(error));
    return { ...sent, reviewId: undefined };
  }
}

/**
 * Performs `plan` (see `planReview`): edits the earlier comments, resolves and unresolves their
 * threads, marks comments outdated (saying so when their thread could not be resolved, for a
 * later run), then posts the new comments. A thread GitHub refuses to change (the token lacks the
 * permission) ends the thread changes with one reason in `threadsRefused`, and the rest goes on.
 */
export async function applyReviewPlan(
  github: GithubClient,
  target: ReviewTarget,
  plan: ReviewPlan,
): Promise<AppliedReview> {
  const { owner, repo } = target;
  const edit = (id: number, body: string) =>
    github.rest.pulls.updateReviewComment({ owner, repo, comment_id: id, body });
  for (const e of plan.update) await edit(e.id, e.body);
  // Threads first: an outdated notice whose thread was not resolved says so, for a later run.
  const { done, ...threads } = await applyThreads(github, plan);
  for (const e of plan.outdate) {
    const pending = e.thread !== undefined && !done.has(e.thread);
    await edit(e.id, pending ? (e.pendingBody ?? e.body) : e.body);
  }
  for (const e of plan.settle) if (done.has(e.thread)) await edit(e.id, e.body);
  const posted = await postReview(github, target, plan);
  return {
    updated: plan.update.length,
    outdated: plan.outdate.length,
    ...threads,
    ...posted,
  };
}
