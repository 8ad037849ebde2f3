import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import type { WebhookScheme } from "../../src/webhooks/index.ts";
import type { Journal } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayMetrics } from "../metrics.ts";
import { type RelayTracing, TRACING_OFF } from "../tracing/index.ts";
import { bearerAuth } from "./bearer-auth.ts";
import { listDeliveriesRoute, redeliverRoute } from "./deliveries-routes.ts";
import { linksRoute } from "./links-route.ts";
import { readinessRoute } from "./readiness-route.ts";
import { relayErrorHandler } from "./relay-error-handler.ts";
import { createWebhookRoute, isWebhookRequest, WEBHOOK_PATH } from "./webhook-route.ts";

/** What the HTTP adapter needs; everything else stays behind the journal. */
export interface RelayAppOptions {
  readonly scheme: WebhookScheme;
  readonly secrets: readonly string[];
  readonly toleranceSeconds: number;
  readonly relayToken: string;
  readonly journal: Journal;
  readonly metrics: RelayMetrics;
  readonly logger: Logger;
  /** @default Date.now */
  readonly now?: () => number;
  /** @default tracing off */
  readonly tracing?: RelayTracing;
}

/** A `node:http` request listener (what `createServer` takes). */
export type RelayRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The relay's HTTP adapter. `POST /webhooks/content-review` goes straight to its plain
 * `node:http` handler (the hot path: raw body, answered 200 only after the journal commit, never
 * a 5xx for bad input); the admin and health routes run on Express.
 */
export function createRelayApp(options: RelayAppOptions): RelayRequestListener {
  const { journal, metrics, logger } = options;
  const webhook = createWebhookRoute(options);
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  const auth = bearerAuth(options.relayToken);
  const tracing = options.tracing ?? TRACING_OFF;

  // Spellings Express also routes here (trailing slash, other case) reach the same handler.
  app.post(WEBHOOK_PATH, (req, res) => webhook(req, res));

  app.post(
    "/links",
    auth,
    express.json({ limit: "64kb", type: () => true }),
    linksRoute(journal, tracing),
  );

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  app.get("/readyz", readinessRoute(journal, logger, [...options.secrets, options.relayToken]));

  app.get("/metrics", async (_req, res) => {
    const gauges = await journal.stats();
    res.type("text/plain; version=0.0.4; charset=utf-8").send(metrics.render(gauges));
  });

  app.get("/deliveries", auth, listDeliveriesRoute(journal));

  app.post("/deliveries/:id/redeliver", auth, redeliverRoute(journal));

  app.use((_req, res) => {
    res.status(404).json({ error: "not_found", message: "No such route" });
  });

  app.use(relayErrorHandler(metrics, logger));
  return (req, res) => {
    if (isWebhookRequest(req)) webhook(req, res);
    else app(req, res);
  };
}
