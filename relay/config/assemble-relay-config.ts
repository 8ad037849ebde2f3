import type { RelayConfig } from "./relay-config.ts";
import type { Parsed } from "./relay-variables.ts";
import { serviceOn } from "./service-on.ts";
import type { SlackRoute } from "./slack-routes.ts";
import type { TracingConfig } from "./tracing-config.ts";

/** What the checks resolved beyond the variables themselves. */
export interface Resolved {
  readonly storeUrl: string;
  readonly routes: readonly SlackRoute[];
  readonly mentions: ReadonlyMap<string, string>;
  readonly privateKey: string | null;
  readonly handlerTimeoutMs: number;
  readonly dedupeDays: number;
  readonly warnings: readonly string[];
  readonly tracing: TracingConfig | null;
}

/** The frozen configuration, once every variable passed its checks. */
export function assembleRelayConfig(p: Parsed, resolved: Resolved): RelayConfig {
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
