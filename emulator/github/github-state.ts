import { createGitHistory } from "./git-history.ts";
import {
  ACTIONS_BOT,
  type CheckRun,
  type CommitStatus,
  type GithubQuirks,
  type GithubScope,
  type GithubUser,
  type Installation,
  type InstallationToken,
  type PullRequestFile,
  type RegisteredApp,
  type Review,
  type ReviewComment,
} from "./github-model.ts";

/** A pull request seeded with its files (no commits behind it). */
export interface SeededPullRequest {
  /** `owner/repo` when the seed names one: requests for another repository get 404. */
  readonly repository: string | undefined;
  readonly files: readonly PullRequestFile[];
}

/** A pull request opened on commits of the history (its files derive from them). */
export interface PullState {
  readonly number: number;
  readonly base: string;
  readonly headRef: string;
  head: string;
  /** Every commit ever pushed to the PR: GitHub associates each with it. */
  readonly commits: Set<string>;
  merged: { readonly sha: string } | null;
}

/** One answered request: method, path (no query), operation id and status. */
export interface GithubRequestLog {
  method: string;
  path: string;
  operationId: string | undefined;
  status: number;
}

/**
 * The state of one GitHub stand-in, in memory: what callers posted (commit statuses, check runs
 * with annotations, reviews and comments), what tests seeded (pull requests, commits, compares,
 * trees), and every request with the rules it broke.
 */
export function createGithubState(now: () => Date = () => new Date()) {
  return {
    now,
    statuses: [] as CommitStatus[],
    checkRuns: [] as CheckRun[],
    reviews: [] as Review[],
    reviewComments: [] as ReviewComment[],
    /** Review threads resolved, by the id of their first comment. */
    resolvedThreads: new Set<number>(),
    /**
     * The Actions token's bot user: the author of what it posts. Its id differs between
     * github.com and each GitHub Enterprise Server.
     */
    actionsBot: ACTIONS_BOT as GithubUser,
    requests: [] as GithubRequestLog[],
    /** Requests that GitHub's OpenAPI description (or a documented limit) does not allow. */
    violations: [] as string[],
    pulls: new Map<number, SeededPullRequest>(),
    pullRequests: new Map<number, PullState>(),
    git: createGitHistory(),
    compares: new Map<string, { filename: string; status: string }[]>(),
    trees: new Map<string, Record<string, { content: string; mode?: string }>>(),
    blobs: new Map<string, Buffer>(),
    quirks: {} as GithubQuirks,
    /** GitHub Apps by id; once one is registered, only installation tokens are accepted. */
    apps: new Map<string, RegisteredApp>(),
    installations: new Map<number, Installation>(),
    installationTokens: new Map<string, InstallationToken>(),
    denied: new Set<GithubScope>(),
    statusCalls: 0,
    nextId: 1000,
    /** Ids grow across every kind, as GitHub's do within one kind. */
    newId(): number {
      this.nextId += 1;
      return this.nextId - 1;
    },
    /**
     * Forgets what was posted and seeded (the emulator's `DELETE /_emulator/github`). Registered
     * Apps and their tokens stay: they are the rehearsal's set-up, as a relay holds their tokens.
     */
    clear(): void {
      for (const list of [
        this.statuses,
        this.checkRuns,
        this.reviews,
        this.reviewComments,
        this.requests,
        this.violations,
      ])
        list.length = 0;
      this.resolvedThreads.clear();
      this.pulls.clear();
      this.pullRequests.clear();
      this.compares.clear();
      this.trees.clear();
      this.blobs.clear();
      this.git = createGitHistory();
      this.quirks = {};
      this.denied.clear();
    },
  };
}

/** The state of one GitHub stand-in. */
export type GithubState = ReturnType<typeof createGithubState>;
