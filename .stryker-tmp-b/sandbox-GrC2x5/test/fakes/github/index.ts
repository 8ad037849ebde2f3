// @ts-nocheck
export { checkAgainstOpenApi, type OpenApiVerdict } from "./github-openapi.ts";
export {
  ACTIONS_APP,
  ACTIONS_BOT,
  CHECK_OUTPUT_LIMIT,
  type FakeApp,
  type FakeCheckRun,
  type FakeCommitStatus,
  type FakeGithub,
  type FakeGithubOptions,
  type FakePullRequestFile,
  type FakeQuirks,
  type FakeReview,
  type FakeReviewComment,
  type FakeScope,
  type FakeUser,
  startFakeGithub,
} from "./start-fake-github.ts";
