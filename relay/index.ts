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
  escapeMrkdwn,
  renderFailureReply,
  renderSlackMessage,
  SLACK_LIMITS,
  type SlackMessage,
  STATUS_DESCRIPTION_MAX,
} from "./destinations/index.ts";
export {
  type CallOutcome,
  type Destination,
  DestinationError,
  EffectBusyError,
  type EffectContext,
  isDestinationError,
} from "./effects/index.ts";
export {
  createRelayApp,
  type RelayAppOptions,
  type RelayRequestListener,
  WEBHOOK_BODY_LIMIT_BYTES,
  WEBHOOK_PATH,
} from "./http/index.ts";
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
export { type AssetDetails, createApiEnricher, type Enricher } from "./processing/index.ts";
export type { ReconcileOutcome, ServiceReader } from "./reconciliation/index.ts";
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
  type SubmissionState,
  submissionOutcome,
} from "./submission/index.ts";
