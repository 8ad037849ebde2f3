import { z } from "zod";

/**
 * Request bodies of the GitHub REST operations the stand-in answers, with the limits GitHub
 * documents (REST reference: commit statuses, check runs, pull request reviews and comments).
 * Unknown fields are allowed, as GitHub ignores them.
 */

/** `POST /repos/{owner}/{repo}/statuses/{sha}` */
export const commitStatusBody = z.object({
  state: z.enum(["error", "failure", "pending", "success"]),
  target_url: z.string().nullish(),
  description: z.string().max(140, "description is too long (maximum is 140 characters)").nullish(),
  context: z.string().min(1).default("default"),
});

const annotation = z
  .object({
    path: z.string().min(1),
    start_line: z.int().min(1),
    end_line: z.int().min(1),
    start_column: z.int().min(1).optional(),
    end_column: z.int().min(1).optional(),
    annotation_level: z.enum(["notice", "warning", "failure"]),
    message: z.string().min(1).max(65_535),
    title: z.string().max(255).optional(),
    raw_details: z.string().max(65_535).optional(),
  })
  .refine(
    (a) =>
      (a.start_column === undefined && a.end_column === undefined) || a.start_line === a.end_line,
    "start_column and end_column may be given only when start_line equals end_line",
  );

const checkOutput = z.object({
  title: z.string().min(1),
  summary: z.string().min(1).max(65_535, "output.summary is over GitHub's 65535 characters"),
  text: z.string().max(65_535).optional(),
  annotations: z
    .array(annotation)
    .max(50, "only 50 annotations are allowed per request")
    .optional(),
  images: z.array(z.unknown()).optional(),
});

const CHECK_STATUSES = [
  "queued",
  "in_progress",
  "completed",
  "waiting",
  "requested",
  "pending",
] as const;
const CHECK_CONCLUSIONS = [
  "action_required",
  "cancelled",
  "failure",
  "neutral",
  "success",
  "skipped",
  "stale",
  "timed_out",
] as const;

const checkFields = {
  details_url: z.string().optional(),
  external_id: z.string().optional(),
  status: z.enum(CHECK_STATUSES).optional(),
  started_at: z.iso.datetime().optional(),
  conclusion: z.enum(CHECK_CONCLUSIONS).optional(),
  completed_at: z.iso.datetime().optional(),
  output: checkOutput.optional(),
  actions: z.array(z.unknown()).max(3).optional(),
};

function completedNeedsConclusion(body: {
  status?: string;
  conclusion?: string;
  completed_at?: string;
}) {
  return (
    !(body.status === "completed" || body.completed_at !== undefined) ||
    body.conclusion !== undefined
  );
}

/** `POST /repos/{owner}/{repo}/check-runs` */
export const createCheckRunBody = z
  .object({ name: z.string().min(1), head_sha: z.string().min(1), ...checkFields })
  .refine(completedNeedsConclusion, "conclusion is required when status is completed");

/** `PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}` */
export const updateCheckRunBody = z
  .object({ name: z.string().min(1).optional(), ...checkFields })
  .refine(completedNeedsConclusion, "conclusion is required when status is completed");

const reviewComment = z
  .object({
    path: z.string().min(1),
    body: z.string().min(1).max(65_536),
    position: z.int().optional(),
    line: z.int().optional(),
    side: z.enum(["LEFT", "RIGHT"]).optional(),
    start_line: z.int().optional(),
    start_side: z.enum(["LEFT", "RIGHT"]).optional(),
    subject_type: z.enum(["line", "file"]).optional(),
  })
  .refine(
    (c) => c.position !== undefined || c.line !== undefined || c.subject_type === "file",
    "a review comment needs position, line, or subject_type file",
  );

/** `POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews` */
export const createReviewBody = z
  .object({
    commit_id: z.string().optional(),
    body: z.string().max(65_536).optional(),
    event: z.enum(["APPROVE", "REQUEST_CHANGES", "COMMENT"]).optional(),
    comments: z.array(reviewComment).optional(),
  })
  .refine(
    (r) => !(r.event === "REQUEST_CHANGES" || r.event === "COMMENT") || (r.body ?? "") !== "",
    "body is required when event is REQUEST_CHANGES or COMMENT",
  );

/** `POST /repos/{owner}/{repo}/pulls/{pull_number}/comments`: one comment, its own review. */
export const createReviewCommentBody = reviewComment.and(
  z.object({ commit_id: z.string().min(1) }),
);

/** `PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}` */
export const updateReviewCommentBody = z.object({ body: z.string().min(1).max(65_536) });

/** `POST /_emulator/github/pulls`: a pull request whose files the Action lists. */
export const seedPullRequestBody = z.object({
  repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/repo"),
  number: z.int().min(1),
  files: z
    .array(
      z.object({
        filename: z.string().min(1),
        status: z
          .enum(["added", "removed", "modified", "renamed", "copied", "changed", "unchanged"])
          .default("added"),
        sha: z
          .string()
          .regex(/^[0-9a-f]{40}$/, "must be the file's 40-character Git blob sha")
          .optional(),
        /** The file's unified diff: line comments must point at its lines, as on GitHub. */
        patch: z.string().optional(),
      }),
    )
    // More than GitHub lists (3,000): a pull request may change more files than its list shows.
    .max(20_000),
});

const REPOSITORY = z.string().regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/repo");
const FULL_SHA = z.string().regex(/^[0-9a-f]{40}$/, "must be a 40-character commit sha");

/** `POST /_emulator/github/commits`: a commit with its changed files (null deletes one). */
export const seedCommitBody = z.object({
  files: z.record(z.string().min(1), z.string().nullable()),
  parents: z.array(FULL_SHA).max(2).optional(),
  branch: z.string().min(1).optional(),
  message: z.string().optional(),
});

/** `POST /_emulator/github/pulls` with `head`: a pull request on commits (or a push to it). */
export const openPullRequestBody = z.object({
  repository: REPOSITORY.optional(),
  number: z.int().min(1),
  head: FULL_SHA,
  base: z.string().min(1).default("main"),
});

/** `POST /_emulator/github/merge-groups`: a pull request enters the merge queue. */
export const mergeGroupBody = z.object({
  repository: REPOSITORY.default("octo/media"),
  number: z.int().min(1),
  /** The `head_sha` of the group ahead in the queue, if any. */
  after: FULL_SHA.optional(),
});

/** `POST /_emulator/github/pulls/{number}/merge` */
export const mergePullRequestBody = z.object({
  repository: REPOSITORY.default("octo/media"),
  method: z.enum(["squash", "merge"]).default("squash"),
});

/** `POST /_emulator/github/apps`: a GitHub App whose JWTs and installation tokens are honoured. */
export const registerAppBody = z.object({
  /** The App's public key in PEM; without it the emulator makes a key pair and answers the private key. */
  publicKey: z.string().min(1).optional(),
  /** The accounts (owners) it is installed on; every account when absent. */
  owners: z.array(z.string().min(1)).min(1).optional(),
  /** Lifetime of installation tokens (GitHub: one hour). */
  tokenTtlSeconds: z.int().min(1).max(86_400).optional(),
});

/** The request body schema of each operation that takes one, by GitHub's operation id. */
export const BODY_SCHEMAS: Readonly<Record<string, z.ZodType>> = Object.freeze({
  "repos/create-commit-status": commitStatusBody,
  "checks/create": createCheckRunBody,
  "checks/update": updateCheckRunBody,
  "pulls/create-review": createReviewBody,
  "pulls/create-review-comment": createReviewCommentBody,
  "pulls/update-review-comment": updateReviewCommentBody,
});
