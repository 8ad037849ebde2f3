import type { WebhookScheme } from "../../src/webhooks/index.ts";
import type { LogLevel } from "./log-levels.ts";
import type { SlackRoute } from "./slack-routes.ts";
import type { TracingConfig } from "./tracing-config.ts";

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
