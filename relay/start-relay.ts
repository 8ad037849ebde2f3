import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describeError } from "../src/shared/describe-error.ts";
import type { RelayConfig } from "./config/index.ts";
import {
  createChannelPacer,
  createGithubRelay,
  createSlackRelay,
  type GithubRelay,
  type SlackRelay,
} from "./destinations/index.ts";
import { createRelayApp } from "./http/index.ts";
import type { Fdatasync, WorkerHooks } from "./journal/index.ts";
import { type Journal, openJournal, startRetention } from "./journal/index.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createRelayMetrics, type RelayMetrics } from "./metrics.ts";
import { describeRelaying, planRelay, type RelayPlan } from "./plan-relay.ts";
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
  /**
   * The clock reconciliation reads to decide what is due and whether `RECONCILE_MAX_HOURS` has
   * passed (tests: a clock moved forward instead of waiting). @default Date.now
   */
  readonly reconcileNow?: () => number;
  /** Delay of retention's first sweep after start (tests: 0). @default 5000 */
  readonly firstRetentionSweepMs?: number;
  /**
   * How long an effect's claim outlives its attempt's deadline, for a destination that applies
   * a request late to have applied it before the next claimant looks (tests: a shorter wait).
   * @default 2000
   */
  readonly claimMarginMs?: number;
}

/** `http://address:port` as bound, IPv6 in brackets. */
function boundUrl(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Logs why the relay must stop, and ends the process (its supervisor restarts it). */
function exitOnFatal(logger: Logger): (error: Error) => void {
  return (error) => {
    logger.error("the relay must stop", { error: error.message });
    process.exit(RELAY_EXIT_CODES.failure);
  };
}

/** The journal `STORE_URL` names; a Postgres one still waiting is logged as it waits. */
function openRelayJournal(
  config: RelayConfig,
  overrides: StartRelayOverrides,
  logger: Logger,
  onFatal: (error: Error) => void,
): Promise<Journal> {
  return openJournal(config, {
    onDurabilityFailure: onFatal,
    ...(overrides.fdatasync === undefined ? {} : { fdatasync: overrides.fdatasync }),
    // Postgres down at start-up: the relay listens meanwhile (503s, /readyz says why).
    onWaiting: (error, delayMs) =>
      logger.warn("waiting for the journal's database", { error: describeError(error), delayMs }),
    onOpen: () => logger.info("journal open", { store: config.storeUrl.split(":")[0] }),
    onFatal,
  });
}

/** The destinations the plan names, each claiming its effects once through the journal. */
function createDestinations(
  plan: RelayPlan,
  journal: Journal,
  logger: Logger,
): { slack: SlackRelay | null; github: GithubRelay | null } {
  const { requestTimeoutMs } = plan;
  const slack =
    plan.slack === null
      ? null
      : createSlackRelay({
          ...plan.slack,
          pacer: createChannelPacer(plan.slack.minIntervalMs),
          effects: journal,
          logger,
          requestTimeoutMs,
        });
  const github =
    plan.github === null
      ? null
      : createGithubRelay({ ...plan.github, effects: journal, logger, requestTimeoutMs });
  return { slack, github };
}

/** What the workers report: counted, and logged with the entry's id (never its payload). */
function workerHooks(metrics: RelayMetrics, logger: Logger): WorkerHooks {
  return {
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
  };
}

/** The workers: each journaled entry goes through the entry processor. */
async function startWorkers(
  plan: RelayPlan,
  overrides: StartRelayOverrides,
  deps: { journal: Journal; logger: Logger; metrics: RelayMetrics; tracing: RelayTracing },
): Promise<{ slack: SlackRelay | null; github: GithubRelay | null }> {
  const { journal, logger, tracing } = deps;
  const { slack, github } = createDestinations(plan, journal, logger);
  const { requestTimeoutMs } = plan;
  const enricher =
    overrides.enricher !== undefined
      ? overrides.enricher
      : plan.service === null
        ? null
        : createApiEnricher({ ...plan.service, requestTimeoutMs, maxElapsedMs: requestTimeoutMs });
  const processEntry = createEntryProcessor({
    journal,
    slack,
    github,
    enricher,
    githubApiUrl: plan.githubApiUrl,
    logger,
    tracing,
    watch: plan.reconcile === null ? null : { journal, afterMs: plan.reconcile.afterMs },
    ...(overrides.claimMarginMs === undefined ? {} : { claimMarginMs: overrides.claimMarginMs }),
  });
  await journal.start(
    (entry, attempt) => processEntry(entry, attempt),
    workerHooks(deps.metrics, logger),
  );
  return { slack, github };
}

/** Listens where the configuration says; a port taken closes what was opened, and rethrows. */
async function listen(
  config: RelayConfig,
  server: Server,
  journal: Journal,
  tracing: RelayTracing,
): Promise<AddressInfo> {
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
  return server.address() as AddressInfo;
}

/** The start line, logged once with what the relay does. */
function announce(
  config: RelayConfig,
  plan: RelayPlan,
  address: AddressInfo,
  deps: { journal: Journal; logger: Logger; tracing: RelayTracing; destinations: string[] },
): string {
  const { journal, destinations } = deps;
  const summary = `listening on ${boundUrl(address)} · journal ${journal.kind} ${journal.location} · ${describeRelaying(destinations)} · ${plan.reconciling}`;
  deps.logger.info("relay listening", {
    address: boundUrl(address),
    store: journal.kind,
    journal: journal.location,
    destinations: destinations.length === 0 ? "journal only: nothing is relayed" : destinations,
    scheme: config.signatureScheme,
    retentionDays: config.retentionDays,
    reconciliation: plan.reconciling,
    tracing: deps.tracing.enabled ? "OTLP/HTTP" : "off",
  });
  return summary;
}

/** Stops in order: no new requests, timers, workers drained, sockets, then the last traces. */
async function stopRelay(
  config: RelayConfig,
  server: Server,
  stops: readonly (() => Promise<void> | void)[],
  deps: { journal: Journal; logger: Logger; tracing: RelayTracing },
): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  for (const stop of stops) await stop();
  await deps.journal.close(config.shutdownTimeoutMs);
  // Answers to events committed by the final flush are written before sockets close.
  await new Promise((resolve) => setImmediate(resolve));
  server.closeAllConnections();
  await stopped;
  // Last: the drain's own spans (the final attempts, their answers) are exported too.
  await deps.tracing
    .shutdown()
    .catch((error: unknown) =>
      deps.logger.warn("could not export the last traces", { error: describeError(error) }),
    );
  deps.logger.info("relay stopped");
}

/** Starts the relay from a resolved configuration: journal, workers and HTTP server. */
export async function startRelay(
  config: RelayConfig,
  overrides: StartRelayOverrides = {},
): Promise<RelayHandle> {
  const plan = planRelay(config);
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const tracing = overrides.tracing ?? (await startTracing(config.tracing));
  const metrics = createRelayMetrics();
  const onFatal = overrides.onFatal ?? exitOnFatal(logger);
  const journal = await openRelayJournal(config, overrides, logger, onFatal);
  const deps = { journal, logger, metrics, tracing };
  const { slack, github } = await startWorkers(plan, overrides, deps);
  const app = createRelayApp({
    scheme: config.signatureScheme,
    secrets: config.webhookSecrets,
    toleranceSeconds: config.toleranceSeconds,
    relayToken: config.relayToken,
    ...deps,
  });
  const server: Server = createServer(app);
  const address = await listen(config, server, journal, tracing);
  const retention = startRetention({
    journal,
    ...plan.retention,
    logger,
    onPruned: (entries) => metrics.pruned(entries),
    ...(overrides.firstRetentionSweepMs === undefined
      ? {}
      : { firstSweepMs: overrides.firstRetentionSweepMs }),
  });
  const { reconciliation, subscriptions } = startBackgroundChecks(plan, overrides, deps);
  const destinations = [slack?.destination, github?.destination].filter(
    (d): d is string => d !== undefined,
  );
  const summary = announce(config, plan, address, { ...deps, destinations });
  const host = plan.reachableHost;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
    port: address.port,
    summary,
    journal,
    metrics,
    close() {
      closing ??= stopRelay(
        config,
        server,
        [() => subscriptions?.stop(), () => reconciliation?.stop(), () => retention.stop()],
        deps,
      );
      return closing;
    },
  };
}

/** Reconciliation and the subscription check, when their settings are there. */
function startBackgroundChecks(
  plan: RelayPlan,
  overrides: StartRelayOverrides,
  deps: { journal: Journal; logger: Logger; metrics: RelayMetrics; tracing: RelayTracing },
): { reconciliation: Reconciliation | null; subscriptions: SubscriptionCheck | null } {
  const service =
    overrides.service ?? (plan.service === null ? null : createServiceReader(plan.service));
  if (service === null) return { reconciliation: null, subscriptions: null };
  const reconciliation =
    plan.reconcile === null
      ? null
      : startReconciliation({
          ...deps,
          ...plan.reconcile,
          service,
          ...(overrides.reconcileNow === undefined ? {} : { now: overrides.reconcileNow }),
        });
  const subscriptions =
    plan.publicUrl === null
      ? null
      : startSubscriptionCheck({
          ...deps,
          service,
          publicUrl: plan.publicUrl,
          ...(overrides.subscriptionCheckMs === undefined
            ? {}
            : { intervalMs: overrides.subscriptionCheckMs }),
        });
  return { reconciliation, subscriptions };
}
