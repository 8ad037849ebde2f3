import { RELAY_EXIT_CODES_HELP } from "../relay-exit-codes.ts";
import { RELAY_DEFAULTS } from "./relay-defaults.ts";
import type { RELAY_VARIABLES } from "./relay-variables.ts";

type Variable = (typeof RELAY_VARIABLES)[number];

/**
 * What each variable does, for `--help` (docs/relay.md has the long form). A variable missing
 * here is still listed, pointing at the docs.
 */
const HELP: Readonly<Partial<Record<Variable, string>>> = Object.freeze({
  PORT: `listening port (0 picks a free one; default ${RELAY_DEFAULTS.PORT})`,
  HOST: `listening address (default ${RELAY_DEFAULTS.HOST})`,
  WEBHOOK_SECRETS:
    "required: signing secrets, comma-separated, new first (whsec_... for standard-webhooks: keys of 16+ bytes)",
  SIGNATURE_SCHEME: "standard-webhooks (default), github or stripe",
  SIGNATURE_TOLERANCE_SECONDS: `allowed age of a signed timestamp (default ${RELAY_DEFAULTS.SIGNATURE_TOLERANCE_SECONDS})`,
  STORE_URL: `sqlite:<path> (default ${RELAY_DEFAULTS.STORE_URL}) or postgres://...; a relative path is relative to the working directory (under npm run relay, the folder npm was run from)`,
  STORE_SCHEMA: `Postgres schema of the relay's tables (default ${RELAY_DEFAULTS.STORE_SCHEMA})`,
  SLACK_TOKEN: "Slack bot token; with SLACK_CHANNEL turns the Slack relay on",
  SLACK_CHANNEL: "channel id of submissions no route matches, and of unlinked ones",
  SLACK_API_URL: `Slack Web API base (default ${RELAY_DEFAULTS.SLACK_API_URL})`,
  SLACK_ROUTES: "pattern=channelId, comma-separated (owner/repo or owner/*; first match wins)",
  SLACK_MENTIONS: "login=SlackUserId, comma-separated: who is mentioned when their PR fails",
  GITHUB_TOKEN: "token for commit statuses (or use a GitHub App)",
  GITHUB_APP_ID:
    "GitHub App id for commit statuses (with GITHUB_APP_PRIVATE_KEY, not GITHUB_TOKEN)",
  GITHUB_APP_PRIVATE_KEY: "the App's private key, PEM (literal \\n read as newlines)",
  GITHUB_API_URL: `GitHub REST base (default ${RELAY_DEFAULTS.GITHUB_API_URL})`,
  RELAY_TOKEN:
    "required: bearer token (16+ characters, no spaces; a trailing newline is dropped) for /links and the admin routes",
  CONTENT_REVIEW_BASE_URL:
    "service base URL, to enrich events and reconcile (with CONTENT_REVIEW_API_KEY)",
  CONTENT_REVIEW_API_KEY:
    "service API key, to enrich events and reconcile (reads only; with CONTENT_REVIEW_BASE_URL)",
  RECONCILE_AFTER_SECONDS: `a linked submission quiet this long is read from the service (default ${RELAY_DEFAULTS.RECONCILE_AFTER_SECONDS})`,
  RECONCILE_MAX_HOURS: `still processing this long after its link: final error (default ${RELAY_DEFAULTS.RECONCILE_MAX_HOURS})`,
  RECONCILE_SWEEP_SECONDS: `how often reconciliation looks for due submissions (default ${RELAY_DEFAULTS.RECONCILE_SWEEP_SECONDS})`,
  RELAY_PUBLIC_URL: "the relay's public URL: checks that a subscription points at it (hourly)",
  RELAY_ALLOW_PLAIN_HTTP:
    "true: accept http:// carrying a token or key to a host not on loopback (never slack.com or github.com)",
  LOG_LEVEL: "debug, info (default), warn, error or silent",
  RELAY_CONCURRENCY: `events relayed at once (default ${RELAY_DEFAULTS.RELAY_CONCURRENCY})`,
  RELAY_MAX_ATTEMPTS: `attempts before an event is dead-lettered (default ${RELAY_DEFAULTS.RELAY_MAX_ATTEMPTS})`,
  RELAY_RETRY_BASE_MS: `first retry delay (default ${RELAY_DEFAULTS.RELAY_RETRY_BASE_MS})`,
  RELAY_RETRY_MAX_MS: `longest retry delay (default ${RELAY_DEFAULTS.RELAY_RETRY_MAX_MS})`,
  SLACK_MIN_INTERVAL_MS: `spacing of writes per Slack channel (default ${RELAY_DEFAULTS.SLACK_MIN_INTERVAL_MS})`,
  RELAY_SHUTDOWN_TIMEOUT_MS: `how long SIGTERM waits for in-flight relays (default ${RELAY_DEFAULTS.RELAY_SHUTDOWN_TIMEOUT_MS})`,
  RELAY_JOB_EXPIRE_SECONDS: `Postgres job lease (default ${RELAY_DEFAULTS.RELAY_JOB_EXPIRE_SECONDS})`,
  RELAY_SUPERVISE_SECONDS: `Postgres: how often expired leases are looked for (default ${RELAY_DEFAULTS.RELAY_SUPERVISE_SECONDS})`,
  RELAY_HANDLER_TIMEOUT_MS: "deadline of one relay attempt (default a third of the lease)",
  RETENTION_DAYS: `done entries are deleted after this many days (default ${RELAY_DEFAULTS.RETENTION_DAYS})`,
  DEDUPE_DAYS: `delivery ids are kept this many days to answer duplicate (default ${RELAY_DEFAULTS.DEDUPE_DAYS})`,
});

/** `content-review-relay --help`: what it does and every variable it reads. */
export function relayUsage(variables: readonly Variable[]): string {
  const width = Math.max(...variables.map((v) => v.length));
  const lines = variables.map(
    (v) => `  ${v.padEnd(width)}  ${HELP[v] ?? "see docs/relay.md, Configuration"}`,
  );
  return [
    "Usage: content-review-relay [--help | --version]",
    "Receives the Content Review Service's webhooks and relays them to Slack and GitHub commit",
    "statuses. Every setting is an environment variable (docs/relay.md, Configuration):",
    "",
    ...lines,
    "",
    "It stops on SIGTERM or Ctrl+C, after draining in-flight relays (a second Ctrl+C does not",
    "cut the drain short). A variable that looks like one of these but is not (SLACK_CHANEL) is",
    "named in a warning at start.",
    "",
    RELAY_EXIT_CODES_HELP,
  ].join("\n");
}
