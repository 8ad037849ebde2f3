export type { GitCommit, GitCommitInput, GitFileChange } from "./git-history.ts";
export { type MergeGroup, mergeGroupEvent, type PushInput, pushEvent } from "./github-events.ts";
export {
  ACTIONS_APP,
  ACTIONS_BOT,
  CHECK_OUTPUT_LIMIT,
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
export { checkAgainstOpenApi, type OpenApiVerdict } from "./github-openapi.ts";
export type { GithubOperation, OperationContext, Reply } from "./github-operation.ts";
export { GITHUB_API_PATH, githubRouter } from "./github-router.ts";
export { createGithubState, type GithubState } from "./github-state.ts";
export {
  type GithubStandIn,
  type GithubStandInOptions,
  startGithubStandIn,
} from "./start-github-stand-in.ts";
