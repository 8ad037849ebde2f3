import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describeError } from "../src/shared/describe-error.ts";
import type { RelayConfig } from "./config/index.ts";
import { createChannelPacer, createGithubRelay, createSlackRelay } from "./destinations/index.ts";
import { createRelayApp } from "./http/index.ts";
import type { Fdatasync } from "./journal/index.ts";
import { type Journal, openJournal, startRetention } from "./journal/index.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createRelayMetrics, type RelayMetrics } from "./metrics.ts";
import { createApiEnricher, createEntryProcessor, type Enricher } from "./processing/index.ts";
import {
  createServiceReader,
  type Reconciliation,
  type ServiceReader,
  type SubscriptionCheck,
  startReconciliation,
  startSubscriptionCheck,
} from "./reconciliation/index.ts";
import { RELAY_EXIT_CODES } from "./relay-exit-codes.ts";
import { type RelayTracing, startTracing } from "./tracing/index.ts";

/** A running relay. */
export interface RelayHandle {
  /** `http://host:port` to reach it, with the port actually bound (useful with `PORT=0`). */
  readonly url: string;
  readonly port: number;
  /** The start line: the address actually bound, the journal and the active destinations. */
  readonly summary: string;
  readonly journal: Journal;
  readonly metrics: RelayMetrics;
  /** Stops accepting, drains running relays within the shutdown timeout, closes the store. */
  close(): Promise<void>;
}

export interface StartRelayOverrides {
  readonly logger?: Logger;
  /** Replaces the API enricher (tests). */
  readonly enricher?: Enricher | null;
  /**
   * What to do when the journal cannot make committed writes durable: the process must end,
   * and its supervisor restarts it. @default logs the error and exits with code 1
   */
  readonly onFatal?: (error: Error) => void;
  /** Replaces `fs.fdatasync` for the SQLite journal (fault-injection tests only). */
  readonly fdatasync?: Fdatasync;
  /** Replaces the tracing the configuration sets up (tests: the SDK's in-memory exporter). */
  readonly tracing?: RelayTracing;
  /** Replaces the reader of reconciliation and the subscription check (tests). */
  readonly service?: ServiceReader;
  /** How often the subscriptions are checked. @default 3600000 (every hour) */
  readonly subscriptionCheckMs?: number;
}

/** `http://address:port` as bound, IPv6 in brackets. */
function boundUrl(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Starts the relay from a resolved configuration: journal, workers and HTTP server. */
export async function startRelay(
  config: RelayConfig,
  overrides: StartRelayOverrides = {},
): Promise<RelayHandle> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const tracing = overrides.tracing ?? (await startTracing(config.tracing));
  const metrics = createRelayMetrics();
  const onFatal =
    overrides.onFatal ??
    ((error: Error) => {
      logger.error("the relay must stop", { error: error.message });
      process.exit(RELAY_EXIT_CODES.failure);
    });
  const journal = await openJournal(config, {
    onDurabilityFailure: onFatal,
    ...(overrides.fdatasync === undefined ? {} : { fdatasync: overrides.fdatasync }),
    // Postgres down at start-up: the relay listens meanwhile (503s, /readyz says why).
    onWaiting: (error, delayMs) =>
      logger.warn("waiting for the journal's database", { error: describeError(error), delayMs }),
    onOpen: () => logger.info("journal open", { store: config.storeUrl.split(":")[0] }),
    onFatal,
  });
  // One request may take at most half an attempt, leaving room for a lookup and a retry.
  const requestTimeoutMs = Math.max(500, Math.floor(config.handlerTimeoutMs / 2));
  const pacer = createChannelPacer(config.slackMinIntervalMs);
  const slack =
    config.slack === null
      ? null
      : createSlackRelay({ ...config.slack, pacer, effects: journal, logger, requestTimeoutMs });
  const github =
    config.github === null
      ? null
      : createGithubRelay({ ...config.github, effects: journal, logger, requestTimeoutMs });
  const enricher =
    overrides.enricher !== undefined
      ? overrides.enricher
      : config.contentReview === null
        ? null
        : createApiEnricher({
            ...config.contentReview,
            requestTimeoutMs,
            maxElapsedMs: requestTimeoutMs,
          });
  const processEntry = createEntryProcessor({
    journal,
    slack,
    github,
    enricher,
    githubApiUrl: config.github?.apiUrl ?? "https://api.github.com",
    logger,
    tracing,
    watch: config.reconcile === null ? null : { journal, afterMs: config.reconcile.afterMs },
  });

  await journal.start((entry, attempt) => processEntry(entry, attempt), {
    onDone: () => metrics.relayed(),
    onRetry: (entry, error, delayMs) => {
      metrics.retried();
      logger.warn("relay attempt failed; will retry", {
        id: entry.id,
        attempt: entry.attempts,
        delayMs,
        error: describeError(error),
      });
    },
    onJournalError: (error, delayMs) => {
      logger.warn("journal write failed; the entry runs again after a pause", {
        error: describeError(error),
        delayMs,
      });
    },
    onDead: (entry, error) => {
      metrics.deadLettered();
      logger.error("relay attempts exhausted; event dead-lettered", {
        id: entry.id,
        attempts: entry.attempts,
        error: describeError(error),
      });
    },
  });

  const app = createRelayApp({
    scheme: config.signatureScheme,
    secrets: config.webhookSecrets,
    toleranceSeconds: config.toleranceSeconds,
    relayToken: config.relayToken,
    journal,
    metrics,
    logger,
    tracing,
  });
  const server: Server = createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await journal.close(0);
    await tracing.shutdown();
    throw error;
  }
  const retention = startRetention({
    journal,
    retentionDays: config.retentionDays,
    dedupeDays: config.dedupeDays,
    logger,
    onPruned: (entries) => metrics.pruned(entries),
  });
  const { reconciliation, subscriptions } = startBackgroundChecks(config, overrides, {
    journal,
    logger,
    metrics,
    tracing,
  });
  const address = server.address() as AddressInfo;
  const { port } = address;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const destinations = [slack?.destination, github?.destination].filter(
    (d): d is string => d !== undefined,
  );
  const relaying =
    destinations.length === 0
      ? "journal only: nothing is relayed (set SLACK_TOKEN and SLACK_CHANNEL, or GITHUB_TOKEN)"
      : `relaying to ${destinations.join(" and ")}`;
  const reconciling =
    config.reconcile === null
      ? "reconciliation off (set CONTENT_REVIEW_API_KEY and CONTENT_REVIEW_BASE_URL)"
      : `reconciling after ${config.reconcile.afterMs / 1000} s`;
  const summary = `listening on ${boundUrl(address)} · journal ${journal.kind} ${journal.location} · ${relaying} · ${reconciling}`;
  logger.info("relay listening", {
    address: boundUrl(address),
    store: journal.kind,
    journal: journal.location,
    destinations: destinations.length === 0 ? "journal only: nothing is relayed" : destinations,
    scheme: config.signatureScheme,
    retentionDays: config.retentionDays,
    reconciliation: reconciling,
    tracing: tracing.enabled ? "OTLP/HTTP" : "off",
  });

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    summary,
    journal,
    metrics,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        subscriptions?.stop();
        await reconciliation?.stop();
        await retention.stop();
        await journal.close(config.shutdownTimeoutMs);
        // Answers to events committed by the final flush are written before sockets close.
        await new Promise((resolve) => setImmediate(resolve));
        server.closeAllConnections();
        await stopped;
        // Last: the drain's own spans (the final attempts, their answers) are exported too.
        await tracing
          .shutdown()
          .catch((error: unknown) =>
            logger.warn("could not export the last traces", { error: describeError(error) }),
          );
        logger.info("relay stopped");
      })();
      return closing;
    },
  };
}

/** Reconciliation and the subscription check, when their settings are there. */
function startBackgroundChecks(
  config: RelayConfig,
  overrides: StartRelayOverrides,
  deps: { journal: Journal; logger: Logger; metrics: RelayMetrics; tracing: RelayTracing },
): { reconciliation: Reconciliation | null; subscriptions: SubscriptionCheck | null } {
  const service =
    overrides.service ??
    (config.contentReview === null ? null : createServiceReader(config.contentReview));
  if (service === null) return { reconciliation: null, subscriptions: null };
  const reconciliation =
    config.reconcile === null
      ? null
      : startReconciliation({ ...deps, ...config.reconcile, service });
  const subscriptions =
    config.publicUrl === null
      ? null
      : startSubscriptionCheck({
          ...deps,
          service,
          publicUrl: config.publicUrl,
          ...(overrides.subscriptionCheckMs === undefined
            ? {}
            : { intervalMs: overrides.subscriptionCheckMs }),
        });
  return { reconciliation, subscriptions };
}
