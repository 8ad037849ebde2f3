export { main } from "./bin.ts";
export {
  LOG_LEVELS,
  type LogLevel,
  RELAY_VARIABLES,
  type RelayConfig,
  resolveRelayConfig,
} from "./config.ts";
export {
  createRelayApp,
  type RelayAppOptions,
  type RelayRequestListener,
} from "./http/create-relay-app.ts";
export { WEBHOOK_BODY_LIMIT_BYTES, WEBHOOK_PATH } from "./http/webhook-route.ts";
export type {
  AttemptInfo,
  DeliveryState,
  EffectClaim,
  EffectJournal,
  EffectScope,
  Journal,
  JournalEntry,
  JournalStats,
  RedeliverResult,
  RetryPolicy,
} from "./journal/index.ts";
export {
  AttemptDeadlineError,
  EffectClaimLostError,
  isJournalInUseError,
  JOURNAL_FAULT_REASONS,
  JournalDurabilityError,
  type JournalFaultReason,
  JournalInUseError,
  JournalUnavailableError,
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
export {
  type CallOutcome,
  type Destination,
  DestinationError,
  isDestinationError,
} from "./relay/destination-error.ts";
export type { AssetDetails, Enricher } from "./relay/enricher.ts";
export { createApiEnricher } from "./relay/enricher.ts";
export { escapeMrkdwn } from "./relay/escape-mrkdwn.ts";
export { EffectBusyError, type EffectContext } from "./relay/perform-once.ts";
export {
  renderFailureReply,
  renderSlackMessage,
  SLACK_LIMITS,
  type SlackMessage,
} from "./relay/render-slack-message.ts";
export {
  assetMarker,
  type OutcomeState,
  type SubmissionOutcome,
  submissionOutcome,
} from "./relay/submission-outcome.ts";
export type { SubmissionState } from "./relay/submission-state.ts";
export {
  isRelayConfigError,
  RelayConfigError,
  type RelayConfigProblem,
} from "./relay-config-error.ts";
export type { AssetEvent, RelayEvent, SubmissionLink } from "./relay-event.ts";
export { RELAY_EXIT_CODES } from "./relay-exit-codes.ts";
export { type RelayHandle, type StartRelayOverrides, startRelay } from "./start-relay.ts";
