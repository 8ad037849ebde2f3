import { createServer } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { GitCommitInput } from "./git-history.ts";
import { type MergeGroup, mergeGroupEvent, type PushInput, pushEvent } from "./github-events.ts";
import {
  ACTIONS_APP,
  type CheckRun,
  type CommitStatus,
  type GithubApp,
  type GithubQuirks,
  type GithubScope,
  type GithubUser,
  type PullRequestFile,
  type Review,
  type ReviewComment,
} from "./github-model.ts";
import type { StatusFaults } from "./github-operation.ts";
import { githubRequestListener } from "./github-request-listener.ts";
import { createGithubState, type GithubRequestLog, type GithubState } from "./github-state.ts";
import {
  createMergeGroup,
  mergePullRequest,
  openPullRequest,
  pushPullRequest,
} from "./merge-queue.ts";
import { moveRepository } from "./move-repository.ts";
import { storeComment } from "./pull-reviews.ts";
import { seedPullRequest } from "./seed-pull-request.ts";

export interface GithubStandInOptions extends StatusFaults {
  /** The Actions token (`GITHUB_TOKEN`): its check runs belong to {@link ACTIONS_APP}. */
  readonly token: string;
  /** Validate every request against `@octokit/openapi` (422 and a recorded violation otherwise). @default true */
  readonly validate?: boolean;
  /** Serve HTTPS with this key and certificate (PEM), as github.com and GHES do. @default plain HTTP */
  readonly tls?: { readonly key: string; readonly cert: string };
  /** Installation tokens of other GitHub Apps: their check runs belong to those Apps. */
  readonly otherApps?: Readonly<Record<string, GithubApp>>;
  /**
   * The Actions token's bot user, the author of what it posts: another id than github.com's
   * plays a GitHub Enterprise Server. @default ACTIONS_BOT (github.com's)
   */
  readonly actionsBot?: GithubUser;
  /**
   * The repository the tokens were issued for: GraphQL mutations reach only its review threads.
   * @default "octo/media"
   */
  readonly repository?: string;
}

/** A GitHub stand-in on a loopback port, with what it recorded and how to seed it. */
export interface GithubStandIn {
  /** The API base to give Octokit (`GITHUB_API_URL`). */
  readonly apiUrl: string;
  readonly state: GithubState;
  readonly statuses: CommitStatus[];
  readonly checkRuns: CheckRun[];
  readonly reviews: Review[];
  readonly reviewComments: ReviewComment[];
  /** Every request: method, path (no query), operation id and status answered. */
  readonly requests: GithubRequestLog[];
  /** Requests that GitHub's OpenAPI description (or a documented limit) does not allow. */
  readonly violations: string[];
  /**
   * The files of a pull request at its (new) head, as `pulls.listFiles` returns them. Given
   * `content`, a file's blob sha is computed from it; given `sha`, that is listed; given neither,
   * a sha of its own per call (each call is a new head, whose files are new versions).
   */
  addPullRequest(number: number, files: readonly PullRequestFile[]): void;
  /** A review comment written by someone else (a person, or another App), for re-run tests. */
  addReviewComment(
    number: number,
    comment: { path: string; body: string; user: GithubUser; line?: number; inReplyTo?: number },
  ): ReviewComment;
  /** Switch behaviours of other GitHub versions on or off (see {@link GithubQuirks}). */
  setQuirks(quirks: GithubQuirks): void;
  /** The files of a compare (`before...after`), ahead of what the commit history says. */
  setCompare(basehead: string, files: readonly { filename: string; status: string }[]): void;
  /**
   * The tree of commit `sha` (for `git.getTree` and `git.getBlob`): files by path, with their
   * content, and a mode (default `100644`; `120000` is a symbolic link).
   */
  setTree(sha: string, files: Record<string, { content: string; mode?: string }>): void;
  /**
   * A commit of the stand-in's repository (one history, whatever owner/repo a request names),
   * on top of `parents` or of `branch`'s tip, with `files` changed (null deletes). Compares,
   * pull request files, trees and blobs of such commits derive from their content. Returns its sha.
   */
  addCommit(commit: GitCommitInput): string;
  /** Points `branch` at a known commit. */
  setBranch(branch: string, sha: string): void;
  /**
   * A pull request from commit `head` into branch `base` (default `main`): its files are the
   * three-dot compare of the two, with patches and blob shas, as GitHub lists them.
   */
  openPullRequest(pr: { number: number; head: string; base?: string; headRef?: string }): void;
  /** A push to a pull request's branch: `head` becomes its head (its commits join the PR's). */
  pushPullRequest(number: number, head: string): void;
  /** Adds a pull request to the merge queue (see {@link createMergeGroup}). */
  createMergeGroup(number: number, options?: { after?: MergeGroup }): MergeGroup;
  /** Merges a pull request onto its base branch (see {@link mergePullRequest}). */
  mergePullRequest(
    number: number,
    options?: { method?: "squash" | "merge" },
  ): { ref: string; before: string; after: string };
  /** The `merge_group` payload (`checks_requested`) GitHub sends for `group`. */
  mergeGroupEvent(group: MergeGroup, repository?: string): Record<string, unknown>;
  /** The `push` payload GitHub sends for `before → after` on `ref`. */
  pushEvent(push: Omit<PushInput, "repository"> & { repository?: string }): Record<string, unknown>;
  /** Answer 403 to calls of this scope. */
  deny(scope: GithubScope): void;
  /**
   * Renames (or transfers) the token's repository to `to` (`owner/repo`), as GitHub does: its
   * check runs, statuses, reviews and comments move with it, and the token now serves `to`.
   */
  renameRepository(to: string): void;
  close(): Promise<void>;
}

/**
 * A loopback GitHub REST API for tests and benchmarks, the same implementation the emulator
 * mounts under `/_emulator/github`: pull request files (with their blob shas), commits, compares,
 * merge groups, the pull requests of a commit, Git trees and blobs, check runs (listed for a
 * commit with `check_name`, `filter`, `app_id` and pagination), PR reviews and review comments
 * (422 for a line outside the diff), commit statuses. Every request is checked against GitHub's
 * published OpenAPI description, plus the limits GitHub documents elsewhere.
 */
export async function startGithubStandIn(options: GithubStandInOptions): Promise<GithubStandIn> {
  const state = createGithubState();
  if (options.actionsBot !== undefined) state.actionsBot = options.actionsBot;
  let heads = 0;
  let baseUrl = "";
  const rules = {
    authenticate: (token: string) =>
      token === options.token ? ACTIONS_APP : options.otherApps?.[token],
    validate: options.validate,
    faults: { fail: options.fail, stallStatus: options.stallStatus },
    tokenRepository: options.repository ?? "octo/media",
  };
  const handler = githubRequestListener(state, rules, () => baseUrl);
  const server = options.tls ? createTlsServer(options.tls, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
  return {
    apiUrl: baseUrl,
    state,
    statuses: state.statuses,
    checkRuns: state.checkRuns,
    reviews: state.reviews,
    reviewComments: state.reviewComments,
    requests: state.requests,
    violations: state.violations,
    addPullRequest: (number, files) => {
      heads += 1;
      seedPullRequest(state, number, files, heads);
    },
    addReviewComment: (number, c) =>
      storeComment(
        state,
        "octo/media",
        number,
        { ...c, subject_type: c.line === undefined ? "file" : "line" },
        null,
        undefined,
        c.user,
        c.inReplyTo,
      ),
    setQuirks: (next) => {
      state.quirks = { ...next };
    },
    setCompare: (basehead, files) => state.compares.set(basehead, [...files]),
    setTree: (sha, files) => state.trees.set(sha, { ...files }),
    addCommit: (commit) => state.git.commit(commit).sha,
    setBranch: (branch, sha) => state.git.setBranch(branch, sha),
    openPullRequest: (pr) => openPullRequest(state, pr),
    pushPullRequest: (number, head) => pushPullRequest(state, number, head),
    createMergeGroup: (number, o) => createMergeGroup(state, number, o),
    mergePullRequest: (number, o) => mergePullRequest(state, number, o),
    mergeGroupEvent: (group, repository = "octo/media") =>
      mergeGroupEvent(state.git, group, repository),
    pushEvent: (push) => pushEvent(state.git, { repository: "octo/media", ...push }),
    deny: (scope) => state.denied.add(scope),
    renameRepository: (to) => {
      moveRepository(state, rules.tokenRepository, to);
      rules.tokenRepository = to;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
