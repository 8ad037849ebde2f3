export { main } from "./bin.ts";
export { LOG_LEVELS, type LogLevel, type RelayConfig, resolveRelayConfig } from "./config.ts";
export {
  createRelayApp,
  type RelayAppOptions,
  type RelayRequestListener,
} from "./http/create-relay-app.ts";
export { WEBHOOK_BODY_LIMIT_BYTES, WEBHOOK_PATH } from "./http/webhook-route.ts";
export type {
  DeliveryState,
  Journal,
  JournalEntry,
  RedeliverResult,
  RetryPolicy,
} from "./journal/index.ts";
export {
  openJournal,
  openPostgresJournal,
  openSqliteJournal,
  retryDelayMs,
} from "./journal/index.ts";
export { createLogger, type Logger } from "./logger.ts";
export { createRelayMetrics, type RelayMetrics } from "./metrics.ts";
export {
  type CommitStatus,
  computeCommitStatus,
  STATUS_DESCRIPTION_MAX,
} from "./relay/compute-commit-status.ts";
export type { AssetDetails, Enricher } from "./relay/enricher.ts";
export { createApiEnricher } from "./relay/enricher.ts";
export { escapeMrkdwn } from "./relay/escape-mrkdwn.ts";
export {
  renderFailureReply,
  renderSlackMessage,
  SLACK_LIMITS,
  type SlackMessage,
} from "./relay/render-slack-message.ts";
export type { SubmissionState } from "./relay/submission-state.ts";
export { isRelayConfigError, RelayConfigError } from "./relay-config-error.ts";
export type { AssetEvent, RelayEvent, SubmissionLink } from "./relay-event.ts";
export { type RelayHandle, type StartRelayOverrides, startRelay } from "./start-relay.ts";
