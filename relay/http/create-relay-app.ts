import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type ErrorRequestHandler } from "express";
import { redact } from "../../src/api/index.ts";
import { describeError } from "../../src/shared/describe-error.ts";
import { answerBeforeBody } from "../../src/shared/index.ts";
import type { WebhookScheme } from "../../src/webhooks/index.ts";
import {
  type Journal,
  type JournalEntry,
  journalFaultReason,
  unstorableReason,
} from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayMetrics } from "../metrics.ts";
import { parseSubmissionLink } from "../relay-event.ts";
import { type RelayTracing, TRACING_OFF } from "../tracing/relay-tracing.ts";
import { SPAN_ATTRIBUTES } from "../tracing/span-attributes.ts";
import { startIntakeSpan } from "../tracing/start-intake-span.ts";
import { eventAttributes } from "../tracing/trace-entry.ts";
import { tracedEntryId } from "../tracing/traced-entry-id.ts";
import { bearerAuth } from "./bearer-auth.ts";
import { linkEntryId } from "./link-entry-id.ts";
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

function publicEntry(entry: JournalEntry) {
  const event = entry.event;
  return {
    id: entry.id,
    type: event.kind,
    submissionId: event.submissionId,
    assetId: "assetId" in event ? event.assetId : null,
    // Where it came from: a signed webhook, POST /links, or reconciliation (no webhook came).
    source:
      event.kind === "link.registered"
        ? "link"
        : "source" in event && event.source === "reconciliation"
          ? "reconciliation"
          : "webhook",
    state: entry.state,
    attempts: entry.attempts,
    lastError: entry.lastError,
    receivedAt: entry.receivedAt,
    updatedAt: entry.updatedAt,
  };
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

  app.post("/links", auth, express.json({ limit: "64kb", type: () => true }), async (req, res) => {
    // Continues the caller's W3C `traceparent` (the Action's): its run and the relay's later
    // status share a trace.
    const span = tracing.enabled ? startIntakeSpan(tracing, "/links", req, res) : null;
    const parsed = parseSubmissionLink(req.body);
    if (!parsed.ok) {
      res.status(400).json({ error: "invalid_link", message: parsed.message });
      return;
    }
    const entry = linkEntryId(req.get("idempotency-key"), parsed.link);
    if (!entry.ok) {
      res.status(400).json({ error: "invalid_idempotency_key", message: entry.message });
      return;
    }
    const event = {
      kind: "link.registered" as const,
      submissionId: parsed.link.submissionId,
      link: parsed.link,
    };
    span?.setAttributes({
      ...eventAttributes(event),
      [SPAN_ATTRIBUTES.entryId]: tracedEntryId(entry.id),
    });
    // A retry or a re-run registering the same link is journaled once (the journal dedupes ids).
    const status = await journal.ingest(
      entry.id,
      event,
      span === null ? null : tracing.traceparentOf(span),
    );
    span?.setAttribute(SPAN_ATTRIBUTES.intakeStatus, status);
    res.status(202).json({ status, submissionId: parsed.link.submissionId });
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  // The cause last logged: probes come every few seconds, the log gets a cause when it changes.
  let loggedCause: string | null = null;
  app.get("/readyz", async (_req, res) => {
    try {
      await journal.ping();
      loggedCause = null;
      res.json({ status: "ready", store: journal.kind });
    } catch (error) {
      // A fixed sentence per kind of fault: a health endpoint is often public, and the store's
      // own text names internal hosts, ports and paths. That text goes to the log instead.
      const reason = journalFaultReason(journal.kind, error);
      const cause = redact(describeError(error), [...options.secrets, options.relayToken]);
      if (cause !== loggedCause) {
        loggedCause = cause;
        logger.warn("not ready", { store: journal.kind, reason, error: cause });
      }
      res.status(503).json({ status: "unavailable", store: journal.kind, reason });
    }
  });

  app.get("/metrics", async (_req, res) => {
    const gauges = await journal.stats();
    res.type("text/plain; version=0.0.4; charset=utf-8").send(metrics.render(gauges));
  });

  app.get("/deliveries", auth, async (req, res) => {
    const limit = Math.min(
      500,
      Math.max(1, Number.parseInt(String(req.query["limit"] ?? "50"), 10) || 50),
    );
    const entries = await journal.listEntries(limit);
    res.json({ data: entries.map(publicEntry) });
  });

  app.post("/deliveries/:id/redeliver", auth, async (req, res) => {
    const id = String(req.params["id"]);
    const result = await journal.redeliver(id);
    if (result === "unknown") {
      res
        .status(404)
        .json({ error: "not_found", message: `No delivery ${id}; see GET /deliveries` });
      return;
    }
    if (result === "busy") {
      res.status(409).json({
        error: "in_progress",
        message: `Delivery ${id} is still waiting or being relayed; redeliver it once GET /deliveries shows it done or dead`,
      });
      return;
    }
    res.status(202).json({ status: "requeued", id });
  });

  app.use((_req, res) => {
    res.status(404).json({ error: "not_found", message: "No such route" });
  });

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const status =
      typeof error?.status === "number"
        ? error.status
        : typeof error?.statusCode === "number"
          ? error.statusCode
          : 0;
    if (status === 413) {
      metrics.rejected("too-large");
      answerBeforeBody(
        req,
        res,
        413,
        JSON.stringify({ error: "payload_too_large", message: "Bodies are limited to 64 KiB" }),
      );
      return;
    }
    if (status >= 400 && status < 500) {
      // Body-parser errors (aborted, bad encoding, bad JSON on /links): the client's fault.
      metrics.rejected("bad-request");
      res
        .status(status)
        .json({ error: "bad_request", message: String(error.message ?? "Bad request") });
      return;
    }
    const unstorable = unstorableReason(error);
    if (unstorable !== null) {
      // The same on every retry: refused for good, and logged once, here.
      logger.warn("request refused: the store cannot hold it", { reason: unstorable });
      metrics.rejected("unstorable");
      res.status(422).json({
        error: "unstorable",
        message: `The relay's store cannot hold this request (${unstorable}); it was not stored, and sending it again will not help`,
      });
      return;
    }
    logger.error("request failed", {
      error: describeError(error),
    });
    // Only our own failures get here (the journal is unreachable): ask the caller to retry.
    res
      .status(503)
      .set("Retry-After", "5")
      .json({ error: "unavailable", message: "The journal is unavailable; retry later" });
  };
  app.use(onError);
  return (req, res) => {
    if (isWebhookRequest(req)) webhook(req, res);
    else app(req, res);
  };
}
