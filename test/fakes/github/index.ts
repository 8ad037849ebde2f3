export { checkAgainstOpenApi, type OpenApiVerdict } from "./github-openapi.ts";
export {
  type FakeCheckRun,
  type FakeCommitStatus,
  type FakeGithub,
  type FakeGithubOptions,
  type FakeReview,
  type FakeReviewComment,
  type FakeScope,
  startFakeGithub,
} from "./start-fake-github.ts";
