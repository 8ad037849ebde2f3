import type { RelayConfig } from "./config/index.ts";

/** GitHub's API, for links to pull requests when no GitHub destination names another. */
const GITHUB_API_URL = "https://api.github.com";

/** Every request to a destination or the service gets at least this long. */
const MIN_REQUEST_TIMEOUT_MS = 500;

/** What a relay is made of, decided from its configuration alone: nothing is started yet. */
export interface RelayPlan {
  /** One request may take at most half an attempt, leaving room for a look-up and a retry. */
  readonly requestTimeoutMs: number;
  readonly slack: (NonNullable<RelayConfig["slack"]> & { readonly minIntervalMs: number }) | null;
  readonly github: NonNullable<RelayConfig["github"]> | null;
  /** The service's key and URL: enrichment, reconciliation and the subscription check read it. */
  readonly service: NonNullable<RelayConfig["contentReview"]> | null;
  /** Links to pull requests point at this GitHub. */
  readonly githubApiUrl: string;
  /** Linked submissions are watched for a verdict that never comes (reconciliation on). */
  readonly reconcile: NonNullable<RelayConfig["reconcile"]> | null;
  /** The subscription check (`RELAY_PUBLIC_URL`). */
  readonly publicUrl: string | null;
  readonly retention: { readonly retentionDays: number; readonly dedupeDays: number };
  /** Where the relay says it can be reached: a wildcard address is reached on loopback. */
  readonly reachableHost: string;
  /** The start line's words on reconciliation. */
  readonly reconciling: string;
}

/** Decides which destinations, checks and timers a relay has, from its configuration. */
export function planRelay(config: RelayConfig): RelayPlan {
  const wildcard = config.host === "0.0.0.0" || config.host === "::";
  return {
    requestTimeoutMs: Math.max(MIN_REQUEST_TIMEOUT_MS, Math.floor(config.handlerTimeoutMs / 2)),
    slack:
      config.slack === null ? null : { ...config.slack, minIntervalMs: config.slackMinIntervalMs },
    github: config.github,
    service: config.contentReview,
    githubApiUrl: config.github?.apiUrl ?? GITHUB_API_URL,
    reconcile: config.reconcile,
    publicUrl: config.publicUrl,
    retention: { retentionDays: config.retentionDays, dedupeDays: config.dedupeDays },
    reachableHost: wildcard ? "127.0.0.1" : config.host,
    reconciling:
      config.reconcile === null
        ? "reconciliation off (set CONTENT_REVIEW_API_KEY and CONTENT_REVIEW_BASE_URL)"
        : `reconciling after ${config.reconcile.afterMs / 1000} s`,
  };
}

/** The start line's words on destinations. */
export function describeRelaying(destinations: readonly string[]): string {
  return destinations.length === 0
    ? "journal only: nothing is relayed (set SLACK_TOKEN and SLACK_CHANNEL, or GITHUB_TOKEN)"
    : `relaying to ${destinations.join(" and ")}`;
}
