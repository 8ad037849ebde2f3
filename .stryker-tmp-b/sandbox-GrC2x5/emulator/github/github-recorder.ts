/** A commit status as the recording GitHub keeps it. */
// @ts-nocheck

export interface RecordedCommitStatus {
  readonly id: number;
  readonly repository: string;
  readonly sha: string;
  readonly state: string;
  readonly description: string | null;
  readonly context: string;
  readonly targetUrl: string | null;
  readonly createdAt: string;
}

/** A check run, its latest output and every annotation sent for it. */
export interface RecordedCheckRun {
  readonly id: number;
  readonly repository: string;
  name: string;
  readonly headSha: string;
  status: string;
  conclusion: string | null;
  startedAt: string | null;
  completedAt: string | null;
  detailsUrl: string | null;
  output: { title: string; summary: string; text: string | null } | null;
  readonly annotations: Record<string, unknown>[];
  readonly createdAt: string;
}

export interface RecordedReviewComment {
  readonly id: number;
  readonly reviewId: number;
  readonly repository: string;
  readonly pullNumber: number;
  readonly path: string;
  body: string;
  readonly subjectType: string;
  readonly line: number | null;
  readonly commitId: string | null;
  readonly createdAt: string;
  updatedAt: string;
  /** How many times `PATCH …/pulls/comments/{id}` changed it. */
  updates: number;
}

export interface RecordedReview {
  readonly id: number;
  readonly repository: string;
  readonly pullNumber: number;
  readonly event: string;
  readonly body: string;
  readonly commitId: string | null;
  readonly commentIds: readonly number[];
  readonly submittedAt: string;
}

/** A pull request whose changed files the recorder lists (seeded through the control plane). */
export interface RecordedPullRequest {
  readonly repository: string;
  readonly number: number;
  /** `sha`: the file's Git blob sha at the head, when the seed gives it (else GitHub's null). */
  readonly files: readonly { filename: string; status: string; sha?: string | undefined }[];
}

/**
 * The state of a recording GitHub REST API, in memory: pull requests seeded for listing, and
 * what callers posted (commit statuses, check runs with annotations, reviews and comments).
 */
export function createGithubRecorder() {
  let nextId = 1;
  return {
    pulls: new Map<string, RecordedPullRequest>(),
    statuses: [] as RecordedCommitStatus[],
    checkRuns: [] as RecordedCheckRun[],
    reviews: [] as RecordedReview[],
    reviewComments: [] as RecordedReviewComment[],
    /** Ids grow from 1 across every kind, as GitHub's do within one kind. */
    newId: () => nextId++,
    clear() {
      this.pulls.clear();
      this.statuses.length = 0;
      this.checkRuns.length = 0;
      this.reviews.length = 0;
      this.reviewComments.length = 0;
    },
  };
}

/** A recording GitHub of one emulator. */
export type GithubRecorder = ReturnType<typeof createGithubRecorder>;

/** The key of a pull request in {@link GithubRecorder.pulls}. */
export function pullKey(repository: string, number: number): string {
  return `${repository.toLowerCase()}#${number}`;
}

/** A comment as a review (or the single-comment endpoint) receives it. */
export interface IncomingComment {
  readonly path: string;
  readonly body: string;
  readonly line?: number | undefined;
  readonly subject_type?: "line" | "file" | undefined;
}

/** Records a review and its comments on `pull`, as GitHub keeps them; returns both. */
export function recordReview(
  github: GithubRecorder,
  pull: RecordedPullRequest,
  review: {
    event: string;
    body: string;
    commitId: string | null;
    comments: readonly IncomingComment[];
  },
  at: string,
): { review: RecordedReview; comments: RecordedReviewComment[] } {
  const reviewId = github.newId();
  const comments = review.comments.map(
    (c): RecordedReviewComment => ({
      id: github.newId(),
      reviewId,
      repository: pull.repository,
      pullNumber: pull.number,
      path: c.path,
      body: c.body,
      subjectType: c.subject_type ?? "line",
      line: c.line ?? null,
      commitId: review.commitId,
      createdAt: at,
      updatedAt: at,
      updates: 0,
    }),
  );
  const recorded: RecordedReview = {
    id: reviewId,
    repository: pull.repository,
    pullNumber: pull.number,
    event: review.event,
    body: review.body,
    commitId: review.commitId,
    commentIds: comments.map((c) => c.id),
    submittedAt: at,
  };
  github.reviewComments.push(...comments);
  github.reviews.push(recorded);
  return { review: recorded, comments };
}
