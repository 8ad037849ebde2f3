import type { KeyObject } from "node:crypto";

/** A GitHub App, as check runs name the App that created them. */
export interface GithubApp {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  /**
   * The id of the App's bot user, `<slug>[bot]`, which writes what its tokens post (review
   * comments): on GitHub another number than the App's id. @default the App's id plus 10^8
   */
  readonly botId?: number;
}

/** A GitHub App registered with the stand-in (`POST /_emulator/github/apps`). */
export interface RegisteredApp {
  readonly appId: string;
  /** The App as its installation tokens act: check runs they create belong to it. */
  readonly app: GithubApp;
  /** Verifies the App's JWTs (RS256). */
  readonly publicKey: KeyObject;
  /** Lower-case accounts the App is installed on; null: every account. */
  readonly owners: ReadonlySet<string> | null;
  readonly tokenTtlSeconds: number;
}

/** An installation of a registered App on one account, made on its first lookup. */
export interface Installation {
  readonly id: number;
  readonly appId: string;
  /** Lower-case. */
  readonly account: string;
  tokensIssued: number;
}

/** An installation token the stand-in issued, valid until `expiresAt` (ms). */
export interface InstallationToken {
  readonly installation: Installation;
  readonly expiresAt: number;
}

/** The App of the Actions token (`GITHUB_TOKEN`), which creates the Action's check runs. */
export const ACTIONS_APP: GithubApp = Object.freeze({
  id: 15368,
  slug: "github-actions",
  name: "GitHub Actions",
});

/** The author of a comment, as GitHub shows it (`type` is `Bot` for Apps and the Actions token). */
export interface GithubUser {
  readonly login: string;
  readonly id: number;
  readonly type: "User" | "Bot";
}

/** The account the Actions token belongs to: GitHub Actions' own Bot user. */
export const ACTIONS_BOT: GithubUser = Object.freeze({
  login: "github-actions[bot]",
  id: 41898282,
  type: "Bot",
});

/** GitHub's limit on a check run's `output.summary` and `output.text`: 65,535 characters. */
export const CHECK_OUTPUT_LIMIT = 65_535;

/** A commit status as the stand-in stores it. */
export interface CommitStatus {
  readonly id: number;
  readonly repository: string;
  readonly sha: string;
  readonly state: string;
  readonly description: string | undefined;
  readonly context: string | undefined;
  readonly target_url: string | undefined;
  readonly created_at: string;
}

/** A check run, its latest output and every annotation sent for it. */
export interface CheckRun {
  readonly id: number;
  readonly repository: string;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  started_at: string | null;
  completed_at: string | null;
  details_url: string | null;
  output: { title?: string; summary?: string; text?: string } | null;
  annotations: Record<string, unknown>[];
  /** Annotation counts of each request, to check the batches of 50. */
  readonly annotationBatches: number[];
  /** The GitHub App the run belongs to: the one of the token that created it. */
  readonly app: GithubApp;
  readonly created_at: string;
}

export interface ReviewComment {
  readonly id: number;
  readonly repository: string;
  readonly pull_number: number;
  readonly path: string;
  body: string;
  readonly subject_type: string | undefined;
  /** The line of the new file (side RIGHT) a line comment is on. */
  readonly line: number | undefined;
  readonly commit_id: string | undefined;
  /** The review the comment came in, or null for one posted on its own. */
  readonly review_id: number | null;
  readonly user: GithubUser;
  readonly created_at: string;
  updated_at: string;
  /** How many times `PATCH …/pulls/comments/{id}` changed it. */
  updates: number;
  /** The comment this one replies to: the first comment of its review thread. */
  readonly in_reply_to_id?: number;
}

export interface Review {
  readonly id: number;
  readonly repository: string;
  readonly pull_number: number;
  readonly event: string | undefined;
  readonly body: string | undefined;
  readonly commit_id: string | undefined;
  readonly commentIds: number[];
  readonly submitted_at: string;
}

/**
 * A file of a pull request; `patch` is its unified diff, absent for binary files; `sha` its Git
 * blob sha at the head (GitHub may answer null).
 */
export interface PullRequestFile {
  readonly filename: string;
  readonly status: string;
  readonly patch?: string;
  readonly content?: string | Buffer;
  readonly sha?: string;
}

/**
 * Permission scopes the stand-in can deny with 403 (GraphQL: `FORBIDDEN`), as a token without
 * them would get. `contents` is only asked of review thread mutations: GitHub has answered
 * `resolveReviewThread` from Actions tokens with `pull-requests: write` alone with "Resource not
 * accessible by integration" (community discussion 44650), while their comments went through.
 */
export type GithubScope = "checks" | "contents" | "pulls" | "statuses";

/** Which scope each operation needs. */
export const SCOPE_OF: Readonly<Record<string, GithubScope>> = Object.freeze({
  "checks/create": "checks",
  "checks/update": "checks",
  "checks/get": "checks",
  "checks/list-for-ref": "checks",
  "pulls/create-review": "pulls",
  "pulls/create-review-comment": "pulls",
  "pulls/update-review-comment": "pulls",
  "repos/create-commit-status": "statuses",
});

/** The scopes a review thread mutation (resolve, unresolve) needs. */
export const THREAD_SCOPES: readonly GithubScope[] = Object.freeze(["pulls", "contents"]);

/**
 * Behaviours of GitHub versions that differ from api.github.com, switchable per test.
 * - `subjectTypeInReview: "reject"`: a review whose comments carry `subject_type` is refused
 *   with 422, as older GitHub Enterprise Server versions answer (`"subject_type" is not a
 *   permitted key`).
 * - `fileComments: "reject"`: a single file-level comment is refused too.
 * - `userLookup`: `GET /users/{login}` answers 404 for every login (a GitHub Enterprise Server
 *   without that account) or 503 (an outage), instead of the user.
 */
export interface GithubQuirks {
  readonly subjectTypeInReview?: "accept" | "reject";
  readonly fileComments?: "accept" | "reject";
  readonly userLookup?: "answer" | "not-found" | "unavailable";
}
