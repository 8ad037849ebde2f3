import { readFileSync } from "node:fs";

/** The sha GitHub sends for a commit that does not exist: a new branch's `before`, a deleted one's `after`. */
export const NULL_SHA = /^0+$/;

/** What the Action needs from the workflow run, read once from the runner's environment. */
export interface GithubContext {
  readonly eventName: string;
  readonly owner: string;
  readonly repo: string;
  /**
   * The repository's numeric id (`GITHUB_REPOSITORY_ID`): records and markers are bound to it,
   * so a repository deleted and created again under the same name does not verify the old one's.
   * Read from the runner, which sets it alike for every event, never from a payload: one event's
   * payload without it would make the records of the others fail to verify. Undefined when unset.
   */
  readonly repositoryId: string | undefined;
  /** The commit to report on: the PR head, the pushed commit, the queue commit, or `GITHUB_SHA`. */
  readonly sha: string;
  readonly apiUrl: string;
  readonly serverUrl: string;
  readonly workspace: string;
  readonly runId: string | undefined;
  readonly pullRequest:
    | {
        readonly number: number;
        readonly headSha: string;
        /** The base commit, to compare with when the PR's files cannot be listed. */
        readonly baseSha: string | undefined;
        /** The head is in another repository, where secrets are not passed to workflows. */
        readonly isFork: boolean;
        /**
         * On `synchronize` (a push to the PR), the head before the push (the payload's `before`):
         * where the previous run recorded its reviews. Undefined for other actions.
         */
        readonly previousHeadSha: string | undefined;
        /** The PR author's login (`pull_request.user.login`), for the relay's Slack mention. */
        readonly author?: string | undefined;
        /**
         * How many files the PR changes at this head (`pull_request.changed_files`): tells a
         * list of exactly 3,000 files, whole, from one GitHub cut there. Undefined when unsent.
         */
        readonly changedFiles?: number | undefined;
      }
    | undefined;
  readonly push:
    | {
        readonly before: string;
        readonly after: string;
        /** The pushed ref, e.g. `refs/heads/feature`. */
        readonly ref: string | undefined;
        /** The repository's default branch name, to compare a new branch against. */
        readonly defaultBranch: string | undefined;
        /** The push deleted the branch: there is nothing at `after` to review. */
        readonly deleted: boolean;
      }
    | undefined;
  /**
   * A merge queue's `merge_group` event (action `checks_requested`): the queue commit to review
   * (`headSha`), the branch it goes into (`baseSha`), and the pull request of this queue entry,
   * read from `head_ref` (`refs/heads/gh-readonly-queue/<base>/pr-<N>-<sha>`).
   */
  readonly mergeGroup:
    | {
        readonly headSha: string;
        readonly baseSha: string;
        readonly headRef: string;
        /** Undefined when `head_ref` does not name one. */
        readonly pullNumber: number | undefined;
      }
    | undefined;
}

/** A merge queue's branch names the pull request of its entry (GitHub's documented shape). */
const QUEUE_REF = /^refs\/heads\/gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]+$/;

interface EventPayload {
  action?: string;
  pull_request?: {
    number?: number;
    user?: { login?: string } | null;
    changed_files?: number;
    head?: { sha?: string; repo?: { full_name?: string; fork?: boolean } | null };
    base?: { sha?: string; repo?: { full_name?: string } };
  };
  before?: string;
  after?: string;
  ref?: string;
  deleted?: boolean;
  repository?: { default_branch?: string };
  merge_group?: { head_sha?: string; base_sha?: string; head_ref?: string };
}

/** Reads `GITHUB_*` variables and the event payload at `GITHUB_EVENT_PATH`. */
export function readGithubContext(env: NodeJS.ProcessEnv): GithubContext {
  const [owner = "", repo = ""] = (env["GITHUB_REPOSITORY"] ?? "").split("/");
  let payload: EventPayload = {};
  const eventPath = env["GITHUB_EVENT_PATH"];
  if (eventPath) {
    try {
      payload = JSON.parse(readFileSync(eventPath, "utf8")) as EventPayload;
    } catch (cause) {
      throw new Error(
        `Cannot read the event payload at GITHUB_EVENT_PATH: ${(cause as Error).message}.`,
        { cause },
      );
    }
  }
  const eventName = env["GITHUB_EVENT_NAME"] ?? "";
  const pr = payload.pull_request;
  const pullRequest =
    pr?.number !== undefined && pr.head?.sha
      ? {
          number: pr.number,
          headSha: pr.head.sha,
          baseSha: pr.base?.sha,
          isFork:
            pr.head.repo === null ||
            pr.head.repo?.fork === true ||
            (pr.head.repo?.full_name !== undefined &&
              pr.base?.repo?.full_name !== undefined &&
              pr.head.repo.full_name !== pr.base.repo.full_name),
          previousHeadSha:
            payload.action === "synchronize" && payload.before && !NULL_SHA.test(payload.before)
              ? payload.before
              : undefined,
          author: pr.user?.login ?? undefined,
          changedFiles: Number.isSafeInteger(pr.changed_files) ? pr.changed_files : undefined,
        }
      : undefined;
  const push =
    eventName === "push" && payload.before && payload.after
      ? {
          before: payload.before,
          after: payload.after,
          ref: payload.ref,
          defaultBranch: payload.repository?.default_branch,
          deleted: payload.deleted === true || NULL_SHA.test(payload.after),
        }
      : undefined;
  const group = payload.merge_group;
  const mergeGroup =
    eventName === "merge_group" && group?.head_sha && group.base_sha
      ? {
          headSha: group.head_sha,
          baseSha: group.base_sha,
          headRef: group.head_ref ?? "",
          pullNumber: ((n) => (n === undefined ? undefined : Number(n)))(
            QUEUE_REF.exec(group.head_ref ?? "")?.[1],
          ),
        }
      : undefined;
  return Object.freeze({
    eventName,
    owner,
    repo,
    repositoryId: env["GITHUB_REPOSITORY_ID"] || undefined,
    sha: pullRequest?.headSha ?? push?.after ?? mergeGroup?.headSha ?? env["GITHUB_SHA"] ?? "",
    apiUrl: (env["GITHUB_API_URL"] ?? "https://api.github.com").replace(/\/+$/, ""),
    serverUrl: env["GITHUB_SERVER_URL"] ?? "https://github.com",
    workspace: env["GITHUB_WORKSPACE"] ?? process.cwd(),
    runId: env["GITHUB_RUN_ID"],
    pullRequest,
    push,
    mergeGroup,
  });
}
