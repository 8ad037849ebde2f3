import type { KeyObject } from "node:crypto";
import type { ReviewOutcome } from "../../pipeline/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import { applyReviewPlan } from "./apply-review-plan.ts";
import type { CommentAuthor } from "./comment-author.ts";
import { planReview } from "./plan-review.ts";
import { readOwnComments } from "./read-own-comments.ts";
import { commentSigning } from "./signed-comment.ts";

/** What a publish did, for the log and tests. */
export interface ReviewPublication {
  readonly created: number;
  readonly updated: number;
  readonly outdated: number;
  readonly unchanged: number;
  /** Threads of comments marked outdated now that were resolved, and returning ones reopened. */
  readonly resolved: number;
  readonly unresolved: number;
  readonly reviewId: number | undefined;
  /**
   * Set when earlier comments of the Action's account carry this check's marker without a valid
   * signature: how many and why, for one warning. They are left as they are.
   */
  readonly ignored: string | undefined;
  /**
   * Set when GitHub refused the comments both inside a review and one by one: why, for one
   * warning. The findings are still in the check run and the job summary.
   */
  readonly refused: string | undefined;
  /**
   * Set when the review threads could not be read, or GitHub refused to resolve or unresolve
   * one (the token lacks the permission): why, for one warning. The comments are up to date.
   */
  readonly threads: string | undefined;
  /**
   * Set when the Action's account could not be looked up: no earlier comment was touched and
   * the findings went out as new comments; why, for one warning.
   */
  readonly authorUnknown: string | undefined;
}

/**
 * One PR review (event COMMENT) about the files with issues, worst first, at most 30 comments:
 * an issue that points at a line of the file's diff gets a line comment, the others are
 * gathered in a file-level comment (`subject_type: file`, as media have no lines).
 *
 * Each comment carries a hidden fingerprint, signed with `commentKey` (see `signComment`). On a
 * re-run, only comments of the Action's own account (`author`: the bot user of its token's App,
 * by login and by its id on this server) whose signature verifies count (see
 * `readOwnComments`): an earlier one about the same file or line is updated in place (or left
 * alone when unchanged) instead of posted again, and earlier ones whose file or line has no
 * findings any more are marked outdated and their threads resolved; a finding that comes back
 * reopens its thread (see `planReview`). Comments of anyone else are never touched, even with a
 * copied fingerprint; without `author`, none is. Comments of the Action's account whose
 * signature does not verify are never touched either: the run posts its own, and `ignored` says
 * how many and why.
 *
 * A GitHub that refuses `subject_type` inside a review gets the comments one by one; if that is
 * refused too, `refused` says why, and nothing is lost: the findings stay in the check run and
 * the job summary (see `applyReviewPlan`).
 */
export async function publishReview(
  github: GithubClient,
  context: GithubContext,
  options: {
    outcome: ReviewOutcome;
    checkName: string;
    /** Per path, the lines of the PR's diff (see `commentableLines`). */
    diffLines?: ReadonlyMap<string, ReadonlySet<number>> | undefined;
    /** The Action's own account (see `commentAuthor`). */
    author: CommentAuthor | undefined;
    /** Signs the comments and verifies earlier ones (see `deriveCommentKey`). */
    commentKey: KeyObject;
  },
): Promise<ReviewPublication> {
  const pr = context.pullRequest;
  if (pr === undefined) throw new TypeError("publishReview needs a pull request event.");
  const { owner, repo, sha } = context;
  const signing = commentSigning(options.commentKey, owner, repo, pr.number);
  const found = await readOwnComments(github, {
    owner,
    repo,
    number: pr.number,
    checkName: options.checkName,
    author: options.author,
    signing,
  });
  const plan = planReview({
    outcome: options.outcome,
    checkName: options.checkName,
    diffLines: options.diffLines,
    signing,
    sha,
    own: found.comments,
    threads: found.threads,
  });
  const applied = await applyReviewPlan(github, { owner, repo, number: pr.number, sha }, plan);
  const unread =
    found.threadsUnread === undefined
      ? undefined
      : `Could not read the pull request's review threads (${found.threadsUnread}): none was resolved or reopened; the comments are up to date.`;
  return {
    created: applied.created,
    updated: applied.updated,
    outdated: applied.outdated,
    unchanged: plan.unchanged,
    resolved: applied.resolved,
    unresolved: applied.unresolved,
    reviewId: applied.reviewId,
    ignored: found.ignored,
    refused: applied.refused,
    threads: unread ?? applied.threadsRefused,
    authorUnknown: found.authorUnknown,
  };
}
