import { z } from "zod";
import { WEBHOOK_SCHEMES } from "../../src/webhooks/index.ts";
import { LOG_LEVELS } from "./log-levels.ts";
import { RELAY_DEFAULTS } from "./relay-defaults.ts";

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

/** Secret variables: their values never appear in a message. */
export const SECRET_VARIABLES = new Set([
  "WEBHOOK_SECRETS",
  "SLACK_TOKEN",
  "GITHUB_TOKEN",
  "GITHUB_APP_PRIVATE_KEY",
  "RELAY_TOKEN",
  "CONTENT_REVIEW_API_KEY",
  "STORE_URL",
]);

// Policy as data: each variable, its parser and its default.
export const VARIABLES = {
  PORT: int(0, 65535).default(RELAY_DEFAULTS.PORT),
  HOST: z.string().trim().min(1, "must not be blank").default(RELAY_DEFAULTS.HOST),
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
    .default(RELAY_DEFAULTS.SIGNATURE_SCHEME),
  SIGNATURE_TOLERANCE_SECONDS: int(0, 86_400).default(RELAY_DEFAULTS.SIGNATURE_TOLERANCE_SECONDS),
  STORE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, "must start with sqlite: or postgres://")
    .default(RELAY_DEFAULTS.STORE_URL),
  STORE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/, "must be a lower-case SQL identifier")
    .default(RELAY_DEFAULTS.STORE_SCHEMA),
  SLACK_TOKEN: optionalText,
  // Checked below, with a message for each kind of wrong value (a name, a link, "#").
  SLACK_CHANNEL: z.string().optional(),
  SLACK_API_URL: url.default(RELAY_DEFAULTS.SLACK_API_URL),
  SLACK_ROUTES: optionalText,
  SLACK_MENTIONS: optionalText,
  GITHUB_TOKEN: optionalText,
  GITHUB_APP_ID: z
    .string()
    .trim()
    .regex(/^\d+$/, "must be the App's numeric id (its settings page shows it as App ID)")
    .optional(),
  GITHUB_APP_PRIVATE_KEY: optionalText,
  GITHUB_API_URL: url.default(RELAY_DEFAULTS.GITHUB_API_URL),
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
  RECONCILE_AFTER_SECONDS: int(1, 604_800).default(RELAY_DEFAULTS.RECONCILE_AFTER_SECONDS),
  RECONCILE_MAX_HOURS: decimal(0.0001, 720).default(RELAY_DEFAULTS.RECONCILE_MAX_HOURS),
  RECONCILE_SWEEP_SECONDS: decimal(0.05, 3600).default(RELAY_DEFAULTS.RECONCILE_SWEEP_SECONDS),
  RELAY_PUBLIC_URL: url.optional(),
  RELAY_ALLOW_PLAIN_HTTP: z
    .enum(["true", "false"], { error: 'must be "true" or "false"' })
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
    .default(RELAY_DEFAULTS.LOG_LEVEL),
  RELAY_CONCURRENCY: int(1, 64).default(RELAY_DEFAULTS.RELAY_CONCURRENCY),
  RELAY_MAX_ATTEMPTS: int(1, 50).default(RELAY_DEFAULTS.RELAY_MAX_ATTEMPTS),
  RELAY_RETRY_BASE_MS: int(1, 3_600_000).default(RELAY_DEFAULTS.RELAY_RETRY_BASE_MS),
  RELAY_RETRY_MAX_MS: int(1, 86_400_000).default(RELAY_DEFAULTS.RELAY_RETRY_MAX_MS),
  SLACK_MIN_INTERVAL_MS: int(0, 60_000).default(RELAY_DEFAULTS.SLACK_MIN_INTERVAL_MS),
  RELAY_SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(RELAY_DEFAULTS.RELAY_SHUTDOWN_TIMEOUT_MS),
  RELAY_JOB_EXPIRE_SECONDS: int(1, 86_400).default(RELAY_DEFAULTS.RELAY_JOB_EXPIRE_SECONDS),
  RELAY_SUPERVISE_SECONDS: int(1, 3600).default(RELAY_DEFAULTS.RELAY_SUPERVISE_SECONDS),
  // Unset: a third of the job lease (20 s with the default lease of 60 s).
  RELAY_HANDLER_TIMEOUT_MS: int(500, 3_600_000).optional(),
  RETENTION_DAYS: int(1, 36_500).default(RELAY_DEFAULTS.RETENTION_DAYS),
  // Unset: RELAY_DEFAULTS.DEDUPE_DAYS, or RETENTION_DAYS when that is longer.
  DEDUPE_DAYS: int(1, 36_500).optional(),
} as const;

/** The variables as their parsers left them (unset ones without a default are undefined). */
export type Parsed = { [K in keyof typeof VARIABLES]: z.output<(typeof VARIABLES)[K]> };

/** The names of the relay's environment variables, in the order `--help` lists them. */
export const RELAY_VARIABLES = Object.freeze(Object.keys(VARIABLES) as (keyof typeof VARIABLES)[]);
