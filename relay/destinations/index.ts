export { createChannelPacer } from "./channel-pacer.ts";
export {
  type CommitStatus,
  computeCommitStatus,
  STATUS_DESCRIPTION_MAX,
} from "./compute-commit-status.ts";
export { escapeMrkdwn, truncateMrkdwn } from "./escape-mrkdwn.ts";
export { createGithubRelay, type GithubRelay } from "./github-relay.ts";
export { pullRequestUrl } from "./github-web-url.ts";
export {
  renderFailureReply,
  renderMentionReply,
  renderSlackMessage,
  SLACK_LIMITS,
  type SlackMessage,
} from "./render-slack-message.ts";
export { createSlackRelay, type SlackRelay } from "./slack-relay.ts";
