import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RelayConfig } from "./config.ts";
import { createRelayApp } from "./http/create-relay-app.ts";
import { type Journal, openJournal } from "./journal/index.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createRelayMetrics, type RelayMetrics } from "./metrics.ts";
import { createChannelPacer } from "./relay/channel-pacer.ts";
import { createApiEnricher, type Enricher } from "./relay/enricher.ts";
import { createGithubRelay } from "./relay/github-relay.ts";
import { createEntryProcessor } from "./relay/process-entry.ts";
import { createSlackRelay } from "./relay/slack-relay.ts";

/** A running relay. */
export interface RelayHandle {
  /** `http://host:port`, with the port actually bound (useful with `PORT=0`). */
  readonly url: string;
  readonly port: number;
  readonly journal: Journal;
  readonly metrics: RelayMetrics;
  /** Stops accepting, drains running relays within the shutdown timeout, closes the store. */
  close(): Promise<void>;
}

export interface StartRelayOverrides {
  readonly logger?: Logger;
  /** Replaces the API enricher (tests). */
  readonly enricher?: Enricher | null;
}

/** Starts the relay from a resolved configuration: journal, workers and HTTP server. */
export async function startRelay(
  config: RelayConfig,
  overrides: StartRelayOverrides = {},
): Promise<RelayHandle> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const metrics = createRelayMetrics();
  const journal = await openJournal(config);
  const pacer = createChannelPacer(config.slackMinIntervalMs);
  const slack =
    config.slack === null ? null : createSlackRelay({ ...config.slack, pacer, effects: journal });
  const github = config.github === null ? null : createGithubRelay(config.github);
  const enricher =
    overrides.enricher !== undefined
      ? overrides.enricher
      : config.contentReview === null
        ? null
        : createApiEnricher(config.contentReview);
  const processEntry = createEntryProcessor({
    journal,
    slack,
    github,
    enricher,
    githubApiUrl: config.github?.apiUrl ?? "https://api.github.com",
    logger,
  });

  await journal.start((entry, attempt) => processEntry(entry, attempt), {
    onDone: () => metrics.relayed(),
    onRetry: (entry, error, delayMs) => {
      metrics.retried();
      logger.warn("relay attempt failed; will retry", {
        id: entry.id,
        attempt: entry.attempts,
        delayMs,
        error: error instanceof Error ? error.message : String(error),
      });
    },
    onDead: (entry, error) => {
      metrics.deadLettered();
      logger.error("relay attempts exhausted; event dead-lettered", {
        id: entry.id,
        attempts: entry.attempts,
        error: error instanceof Error ? error.message : String(error),
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
  });
  const server: Server = createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await journal.close(0);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  logger.info("relay listening", { port, store: journal.kind, scheme: config.signatureScheme });

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    journal,
    metrics,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await journal.close(config.shutdownTimeoutMs);
        // Answers to events committed by the final flush are written before sockets close.
        await new Promise((resolve) => setImmediate(resolve));
        server.closeAllConnections();
        await stopped;
        logger.info("relay stopped");
      })();
      return closing;
    },
  };
}
