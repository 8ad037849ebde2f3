import { createPrivateKey } from "node:crypto";
import { z } from "zod";
import { baseUrlProblem, parseApiKey } from "../../src/api/index.ts";
import { applyCrossFieldRules } from "../../src/shared/settings/read-settings.ts";
import { WEBHOOK_SCHEMES, type WebhookScheme } from "../../src/webhooks/index.ts";
import { DEFAULT_DEDUPE_DAYS } from "../journal/retention.ts";
import { resolveTracingConfig, type TracingConfig } from "../tracing/tracing-config.ts";
import { RELAY_CROSS_FIELD_RULES } from "./cross-field-rules.ts";
import { RelayConfigError, type RelayConfigProblem } from "./relay-config-error.ts";
import { resolveStoreUrl, storeBaseDir } from "./resolve-store-url.ts";
import { SLACK_CHANNEL_HINT, slackChannelProblem } from "./slack-channel.ts";
import { parseSlackMentions } from "./slack-mentions.ts";
import { parseSlackRoutes, type SlackRoute } from "./slack-routes.ts";
import { transportProblems } from "./transport-security.ts";
import { misspeltHint, unknownRelayVariables } from "./unknown-relay-variables.ts";

export const LOG_LEVELS = Object.freeze(["debug", "info", "warn", "error", "silent"] as const);
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The relay's resolved settings: one typed, frozen object, built once at start-up. */
export interface RelayConfig {
  readonly port: number;
  readonly host: string;
  readonly webhookSecrets: readonly string[];
  readonly signatureScheme: WebhookScheme;
  readonly toleranceSeconds: number;
  /** `sqlite:<absolute path>` (or `sqlite::memory:`), or a Postgres URL that parses. */
  readonly storeUrl: string;
  /** Postgres schema for the relay's tables; pg-boss uses `<schema>_boss`. */
  readonly storeSchema: string;
  readonly slack: {
    readonly token: string;
    /** Where submissions go that no route matches (and unlinked ones). */
    readonly channel: string;
    readonly apiUrl: string;
    /** `SLACK_ROUTES`, in order: the first match wins. */
    readonly routes: readonly SlackRoute[];
    /** `SLACK_MENTIONS`: lower-case GitHub login to Slack member id. */
    readonly mentions: ReadonlyMap<string, string>;
  } | null;
  /** Commit statuses: with a token, or as a GitHub App (exactly one of the two). */
  readonly github: {
    readonly apiUrl: string;
    readonly token: string | null;
    readonly app: { readonly appId: string; readonly privateKey: string } | null;
  } | null;
  readonly relayToken: string;
  readonly contentReview: { readonly baseUrl: string; readonly apiKey: string } | null;
  /**
   * Reconciliation of linked submissions whose events never came: on with the service's key and
   * URL (`contentReview`), else null.
   */
  readonly reconcile: {
    /** `RECONCILE_AFTER_SECONDS`: quiet time after a link or an event before the service is asked. */
    readonly afterMs: number;
    /** `RECONCILE_MAX_HOURS`: from the link on; a submission still processing then ends as `error`. */
    readonly maxMs: number;
    /** `RECONCILE_SWEEP_SECONDS`: how often the relay looks for submissions due a check. */
    readonly sweepMs: number;
  } | null;
  /** `RELAY_PUBLIC_URL`: the relay's address as the service reaches it (the subscription check). */
  readonly publicUrl: string | null;
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
  /** Days a delivery id (the dedupe key) is kept after receipt, past its entry: at least `retentionDays`. */
  readonly dedupeDays: number;
  /**
   * What is allowed but probably wrong, one sentence each starting with the variable: a short
   * signing key, a variable whose name looks like the relay's but that it does not read.
   */
  readonly warnings: readonly string[];
  /**
   * Traces over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `…_TRACES_ENDPOINT`) is set;
   * null: tracing off (the API's no-op tracer, nothing kept).
   */
  readonly tracing: TracingConfig | null;
}

type Env = Readonly<Record<string, string | undefined>>;

// Every parser carries its own message: zod's defaults ("Too big: expected number to be
// <=65535") are not written for the person reading them.
const int = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
};

/** A positive decimal (`0.001`), for settings a test shortens below a whole unit. */
const decimal = (min: number, max: number) => {
  const message = `must be a number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+(\.\d+)?$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
};

const url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const optionalText = z.string().trim().min(1, "must not be blank").optional();

/** Standard Webhooks secrets: `whsec_` and the base64 key. */
const WHSEC = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/**
 * Standard Webhooks keys are 24 to 64 bytes (the service gives 24 or more): shorter ones are
 * refused below {@link MIN_KEY_BYTES}, and draw a warning below {@link ADVISED_KEY_BYTES}.
 */
const MIN_KEY_BYTES = 16;
const ADVISED_KEY_BYTES = 24;

/** Secret variables: their values never appear in a message. */
const SECRET_VARIABLES = new Set([
  "WEBHOOK_SECRETS",
  "SLACK_TOKEN",
  "GITHUB_TOKEN",
  "GITHUB_APP_PRIVATE_KEY",
  "RELAY_TOKEN",
  "CONTENT_REVIEW_API_KEY",
  "STORE_URL",
]);

// Policy as data: each variable, its parser and its default.
const VARIABLES = {
  PORT: int(0, 65535).default(3000),
  HOST: z.string().trim().min(1, "must not be blank").default("0.0.0.0"),
  WEBHOOK_SECRETS: z
    .string({ error: "is required: set one or more comma-separated signing secrets" })
    .transform((s) =>
      s
        .split(",")
        .map((p) => p.trim())
        .filter((p) => p.length > 0),
    )
    .pipe(z.array(z.string()).min(1, "must hold at least one secret (comma-separated)")),
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
  // Checked below, with a message for each kind of wrong value (a name, a link, "#").
  SLACK_CHANNEL: z.string().optional(),
  SLACK_API_URL: url.default("https://slack.com/api/"),
  SLACK_ROUTES: optionalText,
  SLACK_MENTIONS: optionalText,
  GITHUB_TOKEN: optionalText,
  GITHUB_APP_ID: z
    .string()
    .trim()
    .regex(/^\d+$/, "must be the App's numeric id (its settings page shows it as App ID)")
    .optional(),
  GITHUB_APP_PRIVATE_KEY: optionalText,
  GITHUB_API_URL: url.default("https://api.github.com"),
  RELAY_TOKEN: z
    .string({ error: "is required: set a bearer token for /links and the admin routes" })
    // A Kubernetes secret made with --from-file (or `echo token > file`) ends in a newline.
    .transform((s) => s.replace(/[\r\n]+$/, ""))
    .pipe(
      z
        .string()
        .regex(
          /^\S*$/,
          "must not contain spaces, tabs or line breaks: no client could send it in an Authorization header; set the token alone",
        )
        .min(16, "must be at least 16 characters"),
    ),
  CONTENT_REVIEW_BASE_URL: url.optional(),
  CONTENT_REVIEW_API_KEY: optionalText,
  RECONCILE_AFTER_SECONDS: int(1, 604_800).default(600),
  RECONCILE_MAX_HOURS: decimal(0.0001, 720).default(24),
  RECONCILE_SWEEP_SECONDS: decimal(0.05, 3600).default(60),
  RELAY_PUBLIC_URL: url.optional(),
  RELAY_ALLOW_PLAIN_HTTP: z
    .enum(["true", "false"], { error: 'must be "true" or "false"' })
    .optional(),
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

/** The names of the relay's environment variables, in the order `--help` lists them. */
export const RELAY_VARIABLES = Object.freeze(Object.keys(VARIABLES) as (keyof typeof VARIABLES)[]);

/** A GitHub App's private key: PEM, with literal `\n` sequences (one-line env files) as newlines. */
function readPrivateKey(value: string): { key: string } | { message: string } {
  const key = value.replaceAll("\\n", "\n").trim();
  try {
    const parsed = createPrivateKey(key);
    if (parsed.asymmetricKeyType !== "rsa") {
      return { message: "must be an RSA private key (GitHub Apps sign with RS256)" };
    }
  } catch {
    return {
      message:
        "must be the App's private key in PEM (the .pem file GitHub generates; in a one-line value, write newlines as \\n)",
    };
  }
  return { key };
}

/**
 * Why a Standard Webhooks secret cannot be used, and what is doubtful about the others
 * (positions and lengths only: secrets are never shown).
 */
function whsecProblems(secrets: readonly string[]): { problem: string | null; warnings: string[] } {
  const warnings: string[] = [];
  for (const [i, secret] of secrets.entries()) {
    const which = secrets.length === 1 ? "its secret" : `secret ${i + 1} of ${secrets.length}`;
    const key = WHSEC.exec(secret)?.[1];
    const bytes = key === undefined ? 0 : Buffer.from(key, "base64").length;
    if (key === undefined || bytes === 0) {
      return {
        problem: `must be whsec_ followed by the base64 key the service gave (${which} is not, or gives an empty key that anyone could sign with)`,
        warnings,
      };
    }
    if (bytes < MIN_KEY_BYTES) {
      return {
        problem: `must hold keys of at least ${MIN_KEY_BYTES} bytes (${which} is ${bytes}; the service's are 24 to 64): set the secret the service gave, whole`,
        warnings,
      };
    }
    if (bytes < ADVISED_KEY_BYTES) {
      warnings.push(
        `WEBHOOK_SECRETS: ${which} is a key of ${bytes} bytes, shorter than the ${ADVISED_KEY_BYTES} to 64 of Standard Webhooks: check that it is the secret the service gave, whole`,
      );
    }
  }
  return { problem: null, warnings };
}

/** `SLACK_ROUTES` and `SLACK_MENTIONS`, parsed; each needs the Slack relay on. */
function resolveSlackLists(
  p: Parsed,
  problem: (variable: string, message: string) => void,
): { routes: readonly SlackRoute[]; mentions: ReadonlyMap<string, string> } {
  const slackOn = p.SLACK_TOKEN !== undefined && p.SLACK_CHANNEL !== undefined;
  let routes: readonly SlackRoute[] = [];
  if (p.SLACK_ROUTES !== undefined) {
    const r = parseSlackRoutes(p.SLACK_ROUTES);
    if (!r.ok) problem("SLACK_ROUTES", r.message);
    else if (!slackOn)
      problem(
        "SLACK_ROUTES",
        "needs SLACK_TOKEN and SLACK_CHANNEL (the channel of unmatched submissions)",
      );
    else routes = r.routes;
  }
  let mentions: ReadonlyMap<string, string> = new Map();
  if (p.SLACK_MENTIONS !== undefined) {
    const m = parseSlackMentions(p.SLACK_MENTIONS);
    if (!m.ok) problem("SLACK_MENTIONS", m.message);
    else if (!slackOn) problem("SLACK_MENTIONS", "needs SLACK_TOKEN and SLACK_CHANNEL");
    else mentions = m.mentions;
  }
  return { routes, mentions };
}

/** The attempt deadline and the dedupe window, derived when unset, checked against each other. */
function resolveDurations(
  p: Parsed,
  problem: (variable: string, message: string) => void,
): { handlerTimeoutMs: number; dedupeDays: number } {
  const leaseMs = p.RELAY_JOB_EXPIRE_SECONDS * 1000;
  const handlerTimeoutMs = p.RELAY_HANDLER_TIMEOUT_MS ?? Math.max(500, Math.floor(leaseMs / 3));
  if (handlerTimeoutMs * 2 > leaseMs) {
    problem(
      "RELAY_HANDLER_TIMEOUT_MS",
      `must be at most half of RELAY_JOB_EXPIRE_SECONDS (${leaseMs / 1000} s): an attempt must end well before another replica may take its job over`,
    );
  }
  const dedupeDays = p.DEDUPE_DAYS ?? Math.max(DEFAULT_DEDUPE_DAYS, p.RETENTION_DAYS);
  if (dedupeDays < p.RETENTION_DAYS) {
    problem(
      "DEDUPE_DAYS",
      `must be at least RETENTION_DAYS (${p.RETENTION_DAYS}): a delivery id must outlive its entry, or a late redelivery is relayed again`,
    );
  }
  return { handlerTimeoutMs, dedupeDays };
}

/** What the checks resolved beyond the variables themselves. */
interface Resolved {
  readonly storeUrl: string;
  readonly routes: readonly SlackRoute[];
  readonly mentions: ReadonlyMap<string, string>;
  readonly privateKey: string | null;
  readonly handlerTimeoutMs: number;
  readonly dedupeDays: number;
  readonly warnings: readonly string[];
  readonly tracing: TracingConfig | null;
}

/** True when the service's key and URL are both set: reconciliation and enrichment are on. */
function serviceOn(
  p: Parsed,
): p is Parsed & { CONTENT_REVIEW_BASE_URL: string; CONTENT_REVIEW_API_KEY: string } {
  return p.CONTENT_REVIEW_BASE_URL !== undefined && p.CONTENT_REVIEW_API_KEY !== undefined;
}

/** The frozen configuration, once every variable passed its checks. */
function assembleRelayConfig(p: Parsed, resolved: Resolved): RelayConfig {
  const app =
    p.GITHUB_APP_ID !== undefined && resolved.privateKey !== null
      ? Object.freeze({ appId: p.GITHUB_APP_ID, privateKey: resolved.privateKey })
      : null;
  const config: RelayConfig = {
    port: p.PORT,
    host: p.HOST,
    webhookSecrets: Object.freeze([...p.WEBHOOK_SECRETS]),
    signatureScheme: p.SIGNATURE_SCHEME,
    toleranceSeconds: p.SIGNATURE_TOLERANCE_SECONDS,
    storeUrl: resolved.storeUrl,
    storeSchema: p.STORE_SCHEMA,
    slack:
      p.SLACK_TOKEN !== undefined && p.SLACK_CHANNEL !== undefined
        ? Object.freeze({
            token: p.SLACK_TOKEN,
            channel: p.SLACK_CHANNEL.trim(),
            apiUrl: p.SLACK_API_URL,
            routes: resolved.routes,
            mentions: resolved.mentions,
          })
        : null,
    github:
      p.GITHUB_TOKEN !== undefined || app !== null
        ? Object.freeze({
            apiUrl: p.GITHUB_API_URL.replace(/\/+$/, ""),
            token: p.GITHUB_TOKEN ?? null,
            app,
          })
        : null,
    relayToken: p.RELAY_TOKEN,
    contentReview: serviceOn(p)
      ? Object.freeze({ baseUrl: p.CONTENT_REVIEW_BASE_URL, apiKey: p.CONTENT_REVIEW_API_KEY })
      : null,
    reconcile: serviceOn(p)
      ? Object.freeze({
          afterMs: p.RECONCILE_AFTER_SECONDS * 1000,
          maxMs: Math.round(p.RECONCILE_MAX_HOURS * 3_600_000),
          sweepMs: Math.round(p.RECONCILE_SWEEP_SECONDS * 1000),
        })
      : null,
    publicUrl: p.RELAY_PUBLIC_URL ?? null,
    logLevel: p.LOG_LEVEL,
    concurrency: p.RELAY_CONCURRENCY,
    maxAttempts: p.RELAY_MAX_ATTEMPTS,
    retryBaseMs: p.RELAY_RETRY_BASE_MS,
    retryMaxMs: p.RELAY_RETRY_MAX_MS,
    slackMinIntervalMs: p.SLACK_MIN_INTERVAL_MS,
    shutdownTimeoutMs: p.RELAY_SHUTDOWN_TIMEOUT_MS,
    jobExpireSeconds: p.RELAY_JOB_EXPIRE_SECONDS,
    superviseSeconds: p.RELAY_SUPERVISE_SECONDS,
    handlerTimeoutMs: resolved.handlerTimeoutMs,
    retentionDays: p.RETENTION_DAYS,
    dedupeDays: resolved.dedupeDays,
    warnings: Object.freeze([...resolved.warnings]),
    tracing: resolved.tracing,
  };
  return Object.freeze(config);
}

/**
 * Resolves the relay's configuration from environment variables, once, at the edge.
 * Empty strings count as unset. Throws {@link RelayConfigError} naming every bad variable.
 */
export function resolveRelayConfig(env: Env, cwd: string = process.cwd()): RelayConfig {
  const problems: RelayConfigProblem[] = [];
  const warnings: string[] = unknownRelayVariables(env, RELAY_VARIABLES);
  const problem = (variable: string, message: string): void => {
    const raw = env[variable];
    const got = SECRET_VARIABLES.has(variable) || raw === undefined ? "" : ` (got "${raw}")`;
    const typo = raw === undefined ? misspeltHint(variable, env, RELAY_VARIABLES) : "";
    problems.push({ variable, message: `${variable} ${message}${got}${typo}` });
  };
  // What to put in a variable that is required with another, where the name does not say it.
  const hints: Readonly<Record<string, string>> = { SLACK_CHANNEL: `: set ${SLACK_CHANNEL_HINT}` };
  // A variable already refused for its value is set: "is required" would contradict that line.
  const refused = (variable: string) => problems.some((p) => p.variable === variable);
  const requireBoth = (a: string, b: string, va: unknown, vb: unknown): void => {
    if (va !== undefined && vb === undefined && !refused(b))
      problem(b, `is required when ${a} is set${hints[b] ?? ""}`);
    if (vb !== undefined && va === undefined && !refused(a))
      problem(a, `is required when ${b} is set${hints[a] ?? ""}`);
  };
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(VARIABLES)) {
    const raw = env[name];
    const result = (schema as z.ZodType).safeParse(raw === "" ? undefined : raw);
    if (result.success) parsed[name] = result.data;
    else problem(name, result.error.issues[0]?.message ?? "is invalid");
  }
  const p = parsed as Parsed;
  if (p.WEBHOOK_SECRETS !== undefined && p.SIGNATURE_SCHEME === "standard-webhooks") {
    const keys = whsecProblems(p.WEBHOOK_SECRETS);
    if (keys.problem !== null) problem("WEBHOOK_SECRETS", keys.problem);
    warnings.push(...keys.warnings);
  }
  let storeUrl = "";
  if (p.STORE_URL !== undefined) {
    const store = resolveStoreUrl(p.STORE_URL, storeBaseDir(env, cwd));
    if (!store.ok) problem("STORE_URL", store.message);
    else storeUrl = store.url;
  }
  if (p.SLACK_CHANNEL !== undefined) {
    const why = slackChannelProblem(p.SLACK_CHANNEL);
    if (why !== null) problem("SLACK_CHANNEL", why);
  }
  requireBoth("SLACK_TOKEN", "SLACK_CHANNEL", p.SLACK_TOKEN, p.SLACK_CHANNEL);
  requireBoth(
    "CONTENT_REVIEW_BASE_URL",
    "CONTENT_REVIEW_API_KEY",
    p.CONTENT_REVIEW_BASE_URL,
    p.CONTENT_REVIEW_API_KEY,
  );
  // The service client refuses these at construction: refused here instead, by name (exit 2).
  if (p.CONTENT_REVIEW_BASE_URL !== undefined) {
    const why = baseUrlProblem(p.CONTENT_REVIEW_BASE_URL);
    if (why !== null) problem("CONTENT_REVIEW_BASE_URL", why);
  }
  if (p.CONTENT_REVIEW_API_KEY !== undefined) {
    try {
      parseApiKey(p.CONTENT_REVIEW_API_KEY, "CONTENT_REVIEW_API_KEY");
    } catch {
      problem(
        "CONTENT_REVIEW_API_KEY",
        "is not a Content Review API key: use a workspace key, sk_live_ followed by 64 hex characters, or an sk_test_ sandbox key",
      );
    }
  }
  // GitHub's web address answers no REST call: every commit status would fail.
  if (
    p.GITHUB_API_URL !== undefined &&
    /^(www\.)?github\.com$/i.test(new URL(p.GITHUB_API_URL).hostname)
  ) {
    problem(
      "GITHUB_API_URL",
      "is GitHub's web address, which answers no API call: use https://api.github.com (GitHub Enterprise: https://<host>/api/v3)",
    );
  }
  // Slack's Web API is under /api/ on slack.com: any other path there answers no call.
  if (p.SLACK_API_URL !== undefined) {
    const slack = new URL(p.SLACK_API_URL);
    if (/^(www\.)?slack\.com$/i.test(slack.hostname) && !/^\/api\/?$/.test(slack.pathname)) {
      problem("SLACK_API_URL", "must be https://slack.com/api/ on slack.com (Slack's Web API)");
    }
  }
  // Retention deletes a submission's state RETENTION_DAYS after its last change, watched or
  // not: a submission still waiting for its verdict then could never get one.
  if (
    serviceOn(p) &&
    p.RECONCILE_MAX_HOURS !== undefined &&
    p.RETENTION_DAYS !== undefined &&
    p.RECONCILE_MAX_HOURS >= p.RETENTION_DAYS * 24
  ) {
    problem(
      "RECONCILE_MAX_HOURS",
      `must be less than RETENTION_DAYS in hours (${p.RETENTION_DAYS * 24}): retention deletes a submission's state that long after its link, and one still waiting for its verdict would stay pending for ever; lower RECONCILE_MAX_HOURS or raise RETENTION_DAYS`,
    );
  }
  // With one of the two set, requireBoth names the other.
  if (
    p.RELAY_PUBLIC_URL !== undefined &&
    !env["CONTENT_REVIEW_BASE_URL"] &&
    !env["CONTENT_REVIEW_API_KEY"]
  ) {
    problem(
      "RELAY_PUBLIC_URL",
      "needs CONTENT_REVIEW_BASE_URL and CONTENT_REVIEW_API_KEY: the relay lists the workspace's webhook subscriptions with them",
    );
  }
  const { routes, mentions } = resolveSlackLists(p, problem);
  if (p.GITHUB_TOKEN !== undefined && env["GITHUB_APP_ID"]) {
    problem(
      "GITHUB_TOKEN",
      "must not be set together with GITHUB_APP_ID: the relay sets statuses either as a GitHub App or with a token; unset one of them",
    );
  }
  requireBoth(
    "GITHUB_APP_ID",
    "GITHUB_APP_PRIVATE_KEY",
    env["GITHUB_APP_ID"] || undefined,
    p.GITHUB_APP_PRIVATE_KEY,
  );
  let privateKey: string | null = null;
  if (p.GITHUB_APP_PRIVATE_KEY !== undefined) {
    const read = readPrivateKey(p.GITHUB_APP_PRIVATE_KEY);
    if ("message" in read) problem("GITHUB_APP_PRIVATE_KEY", read.message);
    else privateKey = read.key;
  }
  const { SLACK_API_URL, GITHUB_API_URL, CONTENT_REVIEW_BASE_URL, RELAY_PUBLIC_URL } = p;
  const urls = { SLACK_API_URL, GITHUB_API_URL, CONTENT_REVIEW_BASE_URL, RELAY_PUBLIC_URL };
  const allowPlainHttp = p.RELAY_ALLOW_PLAIN_HTTP === "true";
  const refusedSoFar = problems.map((x) => ({ setting: x.variable, message: x.message }));
  for (const found of [
    ...applyCrossFieldRules(RELAY_CROSS_FIELD_RULES, p, refusedSoFar),
    ...transportProblems({ urls, allowPlainHttp }),
  ]) {
    if (!refused(found.setting)) problem(found.setting, found.message);
  }
  const { handlerTimeoutMs, dedupeDays } = resolveDurations(p, problem);
  const tracing = resolveTracingConfig(env, problem);
  if (problems.length > 0) throw new RelayConfigError(problems);
  return assembleRelayConfig(p, {
    storeUrl,
    routes,
    mentions,
    privateKey,
    handlerTimeoutMs,
    dedupeDays,
    warnings,
    tracing,
  });
}
