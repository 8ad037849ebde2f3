/**
 * Every default of the relay's settings, in one table: the variables' parsers, `--help` and the
 * journal's retention read them from here. A variable missing here has no default (unset is off,
 * or required); `DEDUPE_DAYS` unset is this floor, or `RETENTION_DAYS` when that is longer, and
 * `RELAY_HANDLER_TIMEOUT_MS` unset is a third of the job lease (at least 500 ms).
 */
export const RELAY_DEFAULTS = Object.freeze({
  PORT: 3000,
  HOST: "0.0.0.0",
  SIGNATURE_SCHEME: "standard-webhooks",
  SIGNATURE_TOLERANCE_SECONDS: 300,
  STORE_URL: "sqlite:./data/relay.db",
  STORE_SCHEMA: "content_review_relay",
  SLACK_API_URL: "https://slack.com/api/",
  GITHUB_API_URL: "https://api.github.com",
  RECONCILE_AFTER_SECONDS: 600,
  RECONCILE_MAX_HOURS: 24,
  RECONCILE_SWEEP_SECONDS: 60,
  LOG_LEVEL: "info",
  RELAY_CONCURRENCY: 4,
  RELAY_MAX_ATTEMPTS: 8,
  RELAY_RETRY_BASE_MS: 1000,
  RELAY_RETRY_MAX_MS: 300_000,
  SLACK_MIN_INTERVAL_MS: 1000,
  RELAY_SHUTDOWN_TIMEOUT_MS: 10_000,
  RELAY_JOB_EXPIRE_SECONDS: 60,
  RELAY_SUPERVISE_SECONDS: 10,
  RELAY_HANDLER_TIMEOUT_MIN_MS: 500,
  RETENTION_DAYS: 30,
  DEDUPE_DAYS: 90,
} as const);
