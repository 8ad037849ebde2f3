// @ts-nocheck
import { z } from "zod";
import { WEBHOOK_SCHEMES, type WebhookScheme } from "../src/webhooks/index.ts";
import { RelayConfigError } from "./relay-config-error.ts";

export const LOG_LEVELS = Object.freeze(["debug", "info", "warn", "error", "silent"] as const);
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The relay's resolved settings: one typed, frozen object, built once at start-up. */
export interface RelayConfig {
  readonly port: number;
  readonly host: string;
  readonly webhookSecrets: readonly string[];
  readonly signatureScheme: WebhookScheme;
  readonly toleranceSeconds: number;
  readonly storeUrl: string;
  /** Postgres schema for the relay's tables; pg-boss uses `<schema>_boss`. */
  readonly storeSchema: string;
  readonly slack: {
    readonly token: string;
    readonly channel: string;
    readonly apiUrl: string;
  } | null;
  readonly github: { readonly token: string; readonly apiUrl: string } | null;
  readonly relayToken: string;
  readonly contentReview: { readonly baseUrl: string; readonly apiKey: string } | null;
  readonly logLevel: LogLevel;
  readonly concurrency: number;
  readonly maxAttempts: number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** Slack allows about one message per second per channel. */
  readonly slackMinIntervalMs: number;
  readonly shutdownTimeoutMs: number;
  /** Postgres only: how long a claimed job may run before another replica takes it over. */
  readonly jobExpireSeconds: number;
  /** Postgres only: how often pg-boss looks for expired jobs (e.g. of a killed replica). */
  readonly superviseSeconds: number;
  /**
   * The deadline of one relay attempt: every call to Slack, GitHub and the service is aborted
   * by then. At most half the job lease, so a replica never works on a job another one took.
   */
  readonly handlerTimeoutMs: number;
  /** Done (and dead-lettered) entries are deleted this many days after they last changed. */
  readonly retentionDays: number;
  /** Days a delivery id (the dedupe key) is kept after its entry: at least `retentionDays`. */
  readonly dedupeDays: number;
}

type Env = Readonly<Record<string, string | undefined>>;

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const optionalText = z.string().trim().min(1).optional();

/** Secret variables: their values never appear in a message. */
const SECRET_VARIABLES = new Set([
  "WEBHOOK_SECRETS",
  "SLACK_TOKEN",
  "GITHUB_TOKEN",
  "RELAY_TOKEN",
  "CONTENT_REVIEW_API_KEY",
  "STORE_URL",
]);

// Policy as data: each variable, its parser and its default.
const VARIABLES = {
  PORT: int(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  WEBHOOK_SECRETS: z
    .string({ error: "is required: set one or more comma-separated signing secrets" })
    .transform((s) =>
      s
        .split(",")
        .map((p) => p.trim())
        .filter((p) => p.length > 0),
    )
    .pipe(z.array(z.string()).min(1, "must hold at least one secret")),
  SIGNATURE_SCHEME: z
    .enum(WEBHOOK_SCHEMES, { error: `must be one of ${WEBHOOK_SCHEMES.join(", ")}` })
    .default("standard-webhooks"),
  SIGNATURE_TOLERANCE_SECONDS: int(0, 86_400).default(300),
  STORE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, "must start with sqlite: or postgres://")
    .default("sqlite:./data/relay.db"),
  STORE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/, "must be a lower-case SQL identifier")
    .default("content_review_relay"),
  SLACK_TOKEN: optionalText,
  SLACK_CHANNEL: optionalText,
  SLACK_API_URL: url.default("https://slack.com/api/"),
  GITHUB_TOKEN: optionalText,
  GITHUB_API_URL: url.default("https://api.github.com"),
  RELAY_TOKEN: z
    .string({ error: "is required: set a bearer token for /links and the admin routes" })
    .min(16, "must be at least 16 characters"),
  CONTENT_REVIEW_BASE_URL: url.optional(),
  CONTENT_REVIEW_API_KEY: optionalText,
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
    .default("info"),
  RELAY_CONCURRENCY: int(1, 64).default(4),
  RELAY_MAX_ATTEMPTS: int(1, 50).default(8),
  RELAY_RETRY_BASE_MS: int(1, 3_600_000).default(1000),
  RELAY_RETRY_MAX_MS: int(1, 86_400_000).default(300_000),
  SLACK_MIN_INTERVAL_MS: int(0, 60_000).default(1000),
  RELAY_SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(10_000),
  RELAY_JOB_EXPIRE_SECONDS: int(1, 86_400).default(60),
  RELAY_SUPERVISE_SECONDS: int(1, 3600).default(10),
  // Unset: a third of the job lease (20 s with the default lease of 60 s).
  RELAY_HANDLER_TIMEOUT_MS: int(500, 3_600_000).optional(),
  RETENTION_DAYS: int(1, 36_500).default(30),
  // Unset: 90, or RETENTION_DAYS when that is longer.
  DEDUPE_DAYS: int(1, 36_500).optional(),
} as const;

type Parsed = { [K in keyof typeof VARIABLES]: z.output<(typeof VARIABLES)[K]> };

function fail(variable: string, message: string, env: Env): never {
  const raw = env[variable];
  const got = SECRET_VARIABLES.has(variable) || raw === undefined ? "" : ` (got "${raw}")`;
  throw new RelayConfigError(variable, `${variable} ${message}${got}`);
}

function requireBoth(env: Env, a: string, b: string, va: unknown, vb: unknown): void {
  if (va !== undefined && vb === undefined) fail(b, `is required when ${a} is set`, env);
  if (vb !== undefined && va === undefined) fail(a, `is required when ${b} is set`, env);
}

/**
 * Resolves the relay's configuration from environment variables, once, at the edge.
 * Empty strings count as unset. Throws {@link RelayConfigError} naming the first bad variable.
 */
export function resolveRelayConfig(env: Env): RelayConfig {
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(VARIABLES)) {
    const raw = env[name];
    const result = (schema as z.ZodType).safeParse(raw === "" ? undefined : raw);
    if (!result.success) fail(name, result.error.issues[0]?.message ?? "is invalid", env);
    parsed[name] = result.data;
  }
  const p = parsed as Parsed;
  requireBoth(env, "SLACK_TOKEN", "SLACK_CHANNEL", p.SLACK_TOKEN, p.SLACK_CHANNEL);
  requireBoth(
    env,
    "CONTENT_REVIEW_BASE_URL",
    "CONTENT_REVIEW_API_KEY",
    p.CONTENT_REVIEW_BASE_URL,
    p.CONTENT_REVIEW_API_KEY,
  );
  const leaseMs = p.RELAY_JOB_EXPIRE_SECONDS * 1000;
  const handlerTimeoutMs = p.RELAY_HANDLER_TIMEOUT_MS ?? Math.max(500, Math.floor(leaseMs / 3));
  if (handlerTimeoutMs * 2 > leaseMs) {
    fail(
      "RELAY_HANDLER_TIMEOUT_MS",
      `must be at most half of RELAY_JOB_EXPIRE_SECONDS (${leaseMs / 1000} s): an attempt must end well before another replica may take its job over`,
      env,
    );
  }
  const dedupeDays = p.DEDUPE_DAYS ?? Math.max(90, p.RETENTION_DAYS);
  if (dedupeDays < p.RETENTION_DAYS) {
    fail(
      "DEDUPE_DAYS",
      `must be at least RETENTION_DAYS (${p.RETENTION_DAYS}): a delivery id must outlive its entry, or a late redelivery is relayed again`,
      env,
    );
  }
  const config: RelayConfig = {
    port: p.PORT,
    host: p.HOST,
    webhookSecrets: Object.freeze([...p.WEBHOOK_SECRETS]),
    signatureScheme: p.SIGNATURE_SCHEME,
    toleranceSeconds: p.SIGNATURE_TOLERANCE_SECONDS,
    storeUrl: p.STORE_URL,
    storeSchema: p.STORE_SCHEMA,
    slack:
      p.SLACK_TOKEN !== undefined && p.SLACK_CHANNEL !== undefined
        ? Object.freeze({ token: p.SLACK_TOKEN, channel: p.SLACK_CHANNEL, apiUrl: p.SLACK_API_URL })
        : null,
    github:
      p.GITHUB_TOKEN !== undefined
        ? Object.freeze({ token: p.GITHUB_TOKEN, apiUrl: p.GITHUB_API_URL.replace(/\/+$/, "") })
        : null,
    relayToken: p.RELAY_TOKEN,
    contentReview:
      p.CONTENT_REVIEW_BASE_URL !== undefined && p.CONTENT_REVIEW_API_KEY !== undefined
        ? Object.freeze({ baseUrl: p.CONTENT_REVIEW_BASE_URL, apiKey: p.CONTENT_REVIEW_API_KEY })
        : null,
    logLevel: p.LOG_LEVEL,
    concurrency: p.RELAY_CONCURRENCY,
    maxAttempts: p.RELAY_MAX_ATTEMPTS,
    retryBaseMs: p.RELAY_RETRY_BASE_MS,
    retryMaxMs: p.RELAY_RETRY_MAX_MS,
    slackMinIntervalMs: p.SLACK_MIN_INTERVAL_MS,
    shutdownTimeoutMs: p.RELAY_SHUTDOWN_TIMEOUT_MS,
    jobExpireSeconds: p.RELAY_JOB_EXPIRE_SECONDS,
    superviseSeconds: p.RELAY_SUPERVISE_SECONDS,
    handlerTimeoutMs,
    retentionDays: p.RETENTION_DAYS,
    dedupeDays,
  };
  return Object.freeze(config);
}
