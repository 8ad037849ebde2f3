import type { KeyObject } from "node:crypto";
import { ContentReviewClient, type ProxyRoutes, proxyFromEnv } from "../api/index.ts";
import { ActionInputError } from "./action-input-error.ts";
import { type GithubContext, readGithubContext } from "./github/read-github-context.ts";
import { deriveRecordKey } from "./incremental/derive-record-key.ts";
import { type ActionInputs, resolveActionInputs } from "./resolve-action-inputs.ts";
import { deriveCommentKey } from "./review-comments/derive-comment-key.ts";

/** A run to review: its inputs and event, read once and frozen. */
export interface ResolvedRun {
  readonly kind: "review";
  readonly inputs: ActionInputs;
  readonly context: GithubContext;
  /** Self-hosted runners behind a proxy: every client of the run goes through the same routes. */
  readonly proxy: ProxyRoutes | undefined;
  /** The service's client, for the inputs' key and base URL. */
  readonly client: ContentReviewClient;
  /** Signs the records this run writes and verifies those it reads (docs/action.md, threat model). */
  readonly recordKey: KeyObject;
  /** Signs the review comments' markers with the same secret under another label (same section). */
  readonly commentKey: KeyObject;
}

/** A run with nothing to review: the notice says why; nothing is posted on a commit. */
export interface SkippedRun {
  readonly kind: "skip";
  readonly reason: string;
  readonly proxy: ProxyRoutes | undefined;
}

const WITHOUT_SECRETS =
  "This pull request runs without the repository's secrets (it comes from a fork, or from Dependabot), so the review was skipped. A maintainer can review it after merging, or from a workflow_dispatch run.";
const DELETED_BRANCH = "The push deleted a branch: there is nothing to review.";

/**
 * Reads the inputs and the event once and decides whether there is a review to run. Throws an
 * `ActionInputError` for an input that can never work; the caller reports it.
 */
export function resolveRun(
  env: NodeJS.ProcessEnv,
  getInput: (name: string) => string,
): ResolvedRun | SkippedRun {
  const context = readGithubContext(env);
  // Fork PRs (and Dependabot's) run without the repository's secrets: skip, do not fail.
  const withoutSecrets =
    context.pullRequest?.isFork === true || env["GITHUB_ACTOR"] === "dependabot[bot]";
  if (getInput("api-key").trim() === "" && context.pullRequest !== undefined && withoutSecrets)
    return Object.freeze({ kind: "skip", reason: WITHOUT_SECRETS, proxy: undefined });

  const inputs = resolveActionInputs(getInput);
  const proxy = proxyFromEnv(env);
  const client = new ContentReviewClient({
    apiKey: inputs.apiKey,
    baseUrl: inputs.baseUrl,
    baseUrlSetting: 'the "base-url" input',
    caller: "action",
    proxy,
  });
  const changeList =
    context.pullRequest !== undefined ||
    context.push !== undefined ||
    context.mergeGroup !== undefined;
  if (inputs.githubToken === "" && changeList) {
    throw new ActionInputError(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub expression syntax, shown to the user
      'Input "github-token" is empty: it is needed to list the changed files. Keep its default, ${{ github.token }}.',
      { input: "github-token" },
    );
  }
  // No check run either: a deleted branch has no head commit to put it on.
  if (context.push?.deleted === true)
    return Object.freeze({ kind: "skip", reason: DELETED_BRANCH, proxy });
  const secret = inputs.recordKey ?? inputs.apiKey;
  // Records and comment markers verify in this repository and environment only (docs/action.md,
  // threat model): a sandbox run's record never counts in a live run, nor another repository's.
  const scope = {
    repository: `${context.owner}/${context.repo}`,
    repositoryId: context.repositoryId,
    environment: client.environment,
  };
  return Object.freeze({
    kind: "review",
    inputs,
    context,
    proxy,
    client,
    recordKey: deriveRecordKey(secret, scope),
    commentKey: deriveCommentKey(secret, scope),
  });
}
