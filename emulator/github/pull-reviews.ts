import {
  ACTIONS_APP,
  type GithubApp,
  type GithubUser,
  type PullRequestFile,
  type Review,
  type ReviewComment,
} from "./github-model.ts";
import {
  type GithubOperation,
  invalid,
  NOT_FOUND,
  type OperationContext,
  page,
  type Reply,
} from "./github-operation.ts";
import type { GithubState } from "./github-state.ts";
import { commentView, pullView, userView } from "./github-views.ts";
import { leftSideLines, rightSideLines } from "./unified-diff.ts";

const REVIEW_DOCS = "https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request";
const COMMENT_DOCS =
  "https://docs.github.com/rest/pulls/comments#create-a-review-comment-for-a-pull-request";

/** GitHub's answer to a review whose comment `line` is outside the diff (the whole review fails). */
const LINE_OUTSIDE_REVIEW: Reply = Object.freeze({
  status: 422,
  body: {
    message: "Unprocessable Entity",
    errors: [
      "Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank",
    ],
    documentation_url: REVIEW_DOCS,
  },
});

/** GitHub's answer to a single review comment whose `line` is outside the diff. */
const LINE_OUTSIDE_COMMENT: Reply = Object.freeze({
  status: 422,
  body: {
    message: "Validation Failed",
    errors: [
      {
        resource: "PullRequestReviewComment",
        code: "custom",
        field: "pull_request_review_thread.line",
        message: "pull_request_review_thread.line must be part of the diff",
      },
    ],
    documentation_url: COMMENT_DOCS,
  },
});

/** What a subject_type comment gets from GitHub versions that do not know the key. */
const SUBJECT_TYPE_REFUSED = (documentation_url?: string): Reply => ({
  status: 422,
  body: {
    message: "Unprocessable Entity",
    errors: ['"subject_type" is not a permitted key.'],
    ...(documentation_url === undefined ? {} : { documentation_url }),
  },
});

/** GitHub lists at most 3,000 files of a pull request (`pulls.listFiles`). */
export const MAX_PULL_REQUEST_FILES = 3000;

/**
 * The files of a pull request in `repository`: derived from its commits, or as seeded;
 * undefined when there is no such pull request.
 */

export function pullRequestFiles(state: GithubState, repository: string, number: number) {
  const pr = state.pullRequests.get(number);
  if (pr !== undefined) {
    const head = state.git.commits.get(pr.head)!;
    const baseTip = state.git.resolve(pr.base);
    const from = baseTip === undefined ? undefined : state.git.mergeBase(baseTip, head);
    return state.git.diff(from, head);
  }
  const seeded = state.pulls.get(number);
  if (seeded === undefined) return undefined;
  if (
    seeded.repository !== undefined &&
    seeded.repository.toLowerCase() !== repository.toLowerCase()
  )
    return undefined;
  return seeded.files;
}

/** GitHub's rules for a review comment: a file of the PR, and a line of its diff or the file. */
function refuseComment(
  ctx: OperationContext,
  number: number,
  c: Record<string, unknown>,
): Reply | undefined {
  const { violations } = ctx.state;
  const file = (pullRequestFiles(ctx.state, ctx.repository, number) ?? []).find(
    (f) => f.filename === String(c["path"]),
  );
  if (file === undefined) {
    violations.push(
      `${ctx.operationId}: ${String(c["path"])} is not a file of pull request ${number}`,
    );
    return {
      status: 422,
      body: {
        message: "Unprocessable Entity",
        errors: [`Path could not be resolved: ${String(c["path"])}`],
      },
    };
  }
  if (c["subject_type"] === "file") return undefined;
  if (c["line"] === undefined && c["position"] === undefined) {
    violations.push(`${ctx.operationId}: a comment needs line, position or subject_type file`);
    return invalid(["A line or subject_type is needed"]);
  }
  if (c["line"] !== undefined) {
    const side = (c["side"] as string | undefined) ?? "RIGHT";
    const lines = side === "LEFT" ? leftSideLines(file.patch) : rightSideLines(file.patch);
    if (!lines.has(Number(c["line"]))) {
      violations.push(
        `${ctx.operationId}: line ${String(c["line"])} of ${file.filename} is not part of the diff`,
      );
      return ctx.operationId === "pulls/create-review" ? LINE_OUTSIDE_REVIEW : LINE_OUTSIDE_COMMENT;
    }
  }
  return undefined;
}

/**
 * The account that writes what a token of `app` posts: the Actions bot for `GITHUB_TOKEN`, the
 * App's own bot user, `<slug>[bot]`, for a GitHub App's token.
 */
export function botUserOf(state: GithubState, app: GithubApp): GithubUser {
  if (app.id === ACTIONS_APP.id) return state.actionsBot;
  return { login: `${app.slug}[bot]`, id: app.botId ?? app.id + 100_000_000, type: "Bot" };
}

/** Stores a review comment as GitHub keeps it. */
export function storeComment(
  state: GithubState,
  repository: string,
  number: number,
  c: Record<string, unknown>,
  reviewId: number | null,
  commitId: string | undefined,
  user: GithubUser = state.actionsBot,
  inReplyTo?: number,
): ReviewComment {
  const at = state.now().toISOString();
  const comment: ReviewComment = {
    id: state.newId(),
    repository,
    pull_number: number,
    path: String(c["path"]),
    body: String(c["body"]),
    subject_type: (c["subject_type"] as string | undefined) ?? "line",
    line: c["line"] === undefined ? undefined : Number(c["line"]),
    commit_id: commitId,
    review_id: reviewId,
    user,
    created_at: at,
    updated_at: at,
    updates: 0,
    ...(inReplyTo === undefined ? {} : { in_reply_to_id: inReplyTo }),
  };
  state.reviewComments.push(comment);
  return comment;
}

const REVIEW_STATE: Readonly<Record<string, string>> = Object.freeze({
  APPROVE: "APPROVED",
  REQUEST_CHANGES: "CHANGES_REQUESTED",
  COMMENT: "COMMENTED",
  PENDING: "PENDING",
});

/** Pull request files, reviews and review comments, and the users who write them. */
export const PULL_REVIEW_OPERATIONS: Readonly<Record<string, GithubOperation>> = {
  // The Action looks its bot user up by login, for the id it has on this server.
  "users/get-by-username": (ctx) => {
    const quirk = ctx.state.quirks.userLookup;
    if (quirk === "not-found") return NOT_FOUND;
    if (quirk === "unavailable") return { status: 503, body: { message: "Service Unavailable" } };
    const login = ctx.params["username"]?.toLowerCase();
    const known = [
      ctx.state.actionsBot,
      botUserOf(ctx.state, ctx.app),
      ...ctx.state.reviewComments.map((c) => c.user),
    ];
    const user = known.find((u) => u.login.toLowerCase() === login);
    return user === undefined ? NOT_FOUND : { status: 200, body: userView(user) };
  },
  // The Action reads a merge queue entry's pull request (its head) with it.
  "pulls/get": (ctx) => {
    const pr = ctx.state.pullRequests.get(Number(ctx.params["pull_number"]));
    return pr === undefined ? NOT_FOUND : { status: 200, body: pullView(pr, ctx.repository) };
  },
  "pulls/list-files": (ctx) => {
    const files = pullRequestFiles(ctx.state, ctx.repository, Number(ctx.params["pull_number"]));
    if (files === undefined) return NOT_FOUND;
    // GitHub lists at most the first 3,000 files of a pull request, and says nothing of the rest.
    return page(
      ctx,
      files.slice(0, MAX_PULL_REQUEST_FILES).map((file: PullRequestFile) => {
        const { content: _content, ...f } = file;
        const at = f.sha ?? "HEAD";
        return {
          additions: 0,
          deletions: 0,
          changes: 0,
          blob_url: `https://github.com/${ctx.repository}/blob/${at}/${f.filename}`,
          raw_url: `https://github.com/${ctx.repository}/raw/${at}/${f.filename}`,
          contents_url: `${ctx.baseUrl}/repos/${ctx.repository}/contents/${f.filename}`,
          ...f,
          // GitHub lists the file's blob sha at the head; a seed without one gets null.
          sha: f.sha ?? null,
        };
      }),
    );
  },
  "pulls/list-review-comments": (ctx) => {
    const number = Number(ctx.params["pull_number"]);
    const items = ctx.state.reviewComments
      .filter(
        (c) =>
          c.pull_number === number && c.repository.toLowerCase() === ctx.repository.toLowerCase(),
      )
      .map((c) => commentView(c, ctx.baseUrl));
    return page(ctx, items);
  },
  "pulls/update-review-comment": (ctx) => {
    const comment = ctx.state.reviewComments.find((c) => c.id === Number(ctx.params["comment_id"]));
    if (!comment) return NOT_FOUND;
    // Only the comment's author may edit it: another App's token gets 403, as on GitHub.
    const editor = botUserOf(ctx.state, ctx.app);
    if (comment.user.login !== editor.login || comment.user.id !== editor.id)
      return { status: 403, body: { message: "Resource not accessible by integration" } };
    comment.body = String(ctx.input["body"]);
    comment.updated_at = ctx.state.now().toISOString();
    comment.updates += 1;
    return { status: 200, body: commentView(comment, ctx.baseUrl) };
  },
  "pulls/create-review": (ctx) => {
    const { input, state } = ctx;
    const number = Number(ctx.params["pull_number"]);
    if (pullRequestFiles(state, ctx.repository, number) === undefined) return NOT_FOUND;
    const comments = (input["comments"] as Record<string, unknown>[] | undefined) ?? [];
    if (state.quirks.subjectTypeInReview === "reject" && comments.some((c) => "subject_type" in c))
      return SUBJECT_TYPE_REFUSED(
        "https://docs.github.com/enterprise-server@3.8/rest/pulls/reviews#create-a-review-for-a-pull-request",
      );
    for (const c of comments) {
      const refusal = refuseComment(ctx, number, c);
      if (refusal !== undefined) return refusal;
    }
    const event = (input["event"] as string | undefined) ?? "PENDING";
    const review: Review = {
      id: state.newId(),
      repository: ctx.repository,
      pull_number: number,
      event: input["event"] as string | undefined,
      body: input["body"] as string | undefined,
      commit_id: input["commit_id"] as string | undefined,
      commentIds: [],
      submitted_at: state.now().toISOString(),
    };
    for (const c of comments) {
      const comment = storeComment(
        state,
        ctx.repository,
        number,
        c,
        review.id,
        review.commit_id,
        botUserOf(state, ctx.app),
      );
      review.commentIds.push(comment.id);
    }
    state.reviews.push(review);
    return {
      status: 200,
      body: {
        id: review.id,
        node_id: `PRR_${review.id}`,
        body: review.body ?? "",
        state: REVIEW_STATE[event] ?? "COMMENTED",
        commit_id: review.commit_id,
        submitted_at: review.submitted_at,
        user: userView(botUserOf(state, ctx.app)),
        html_url: `https://github.com/${ctx.repository}/pull/${number}#pullrequestreview-${review.id}`,
      },
    };
  },
  "pulls/create-review-comment": (ctx) => {
    const { input, state } = ctx;
    const number = Number(ctx.params["pull_number"]);
    if (pullRequestFiles(state, ctx.repository, number) === undefined) return NOT_FOUND;
    if (state.quirks.fileComments === "reject" && input["subject_type"] === "file")
      return SUBJECT_TYPE_REFUSED();
    const refusal = refuseComment(ctx, number, input);
    if (refusal !== undefined) return refusal;
    const comment = storeComment(
      state,
      ctx.repository,
      number,
      input,
      null,
      input["commit_id"] as string,
      botUserOf(state, ctx.app),
    );
    return { status: 201, body: commentView(comment, ctx.baseUrl) };
  },
};
