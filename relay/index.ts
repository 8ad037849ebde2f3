export { main } from "./bin.ts";
export {
  isRelayConfigError,
  LOG_LEVELS,
  type LogLevel,
  RELAY_DEFAULTS,
  RELAY_VARIABLES,
  type RelayConfig,
  RelayConfigError,
  type RelayConfigProblem,
  resolveRelayConfig,
} from "./config/index.ts";
export {
  type CommitStatus,
  computeCommitStatus,
  STATUS_DESCRIPTION_MAX,
} from "./destinations/compute-commit-status.ts";
export { escapeMrkdwn } from "./destinations/escape-mrkdwn.ts";
export {
  renderFailureReply,
  renderSlackMessage,
  SLACK_LIMITS,
  type SlackMessage,
} from "./destinations/render-slack-message.ts";
export {
  type CallOutcome,
  type Destination,
  DestinationError,
  isDestinationError,
} from "./effects/destination-error.ts";
export { EffectBusyError, type EffectContext } from "./effects/perform-once.ts";
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
  EntryRetryPolicy,
  Journal,
  JournalEntry,
  JournalStats,
  RedeliverResult,
  VerdictWatch,
  WatchedSubmission,
} from "./journal/index.ts";
export {
  AttemptDeadlineError,
  EffectClaimLostError,
  entryRetryDelayMs,
  isJournalInUseError,
  JOURNAL_FAULT_REASONS,
  JournalDurabilityError,
  type JournalFaultReason,
  JournalInUseError,
  JournalUnavailableError,
  openJournal,
  openPostgresJournal,
  openSqliteJournal,
} from "./journal/index.ts";
export { createLogger, type Logger } from "./logger.ts";
export { createRelayMetrics, type RelayMetrics } from "./metrics.ts";
export type { AssetDetails, Enricher } from "./processing/enricher.ts";
export { createApiEnricher } from "./processing/enricher.ts";
export type { ReconcileOutcome } from "./reconciliation/plan-reconciliation.ts";
export type { ServiceReader } from "./reconciliation/service-reader.ts";
export type {
  AssetEvent,
  RelayEvent,
  SubmissionLink,
  UnresolvedEvent,
  UnresolvedReason,
} from "./relay-event.ts";
export { RELAY_EXIT_CODES } from "./relay-exit-codes.ts";
export { type RelayHandle, type StartRelayOverrides, startRelay } from "./start-relay.ts";
export {
  assetMarker,
  type OutcomeState,
  type SubmissionOutcome,
  submissionOutcome,
} from "./submission/submission-outcome.ts";
export type { SubmissionState } from "./submission/submission-state.ts";
