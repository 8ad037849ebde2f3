import { createHash, randomUUID } from "node:crypto";
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import { verifyWebhook, type WebhookScheme } from "../../src/webhooks/index.ts";
import type { Journal, JournalEntry } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayMetrics } from "../metrics.ts";
import { parseAssetEvent, parseSubmissionLink } from "../relay-event.ts";
import { bearerAuth } from "./bearer-auth.ts";

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
}

/** Only this route reads a raw body, and at most this much of it. */
export const WEBHOOK_BODY_LIMIT = "1mb";
const MAX_ID_LENGTH = 200;

function isJsonType(req: Request): boolean {
  const type = req.headers["content-type"];
  if (type === undefined) return false;
  return /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type);
}

function hasBody(req: Request): boolean {
  return (
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0
  );
}

function dedupeKey(id: string | null, body: Buffer): string {
  if (id !== null && id.length <= MAX_ID_LENGTH) return id;
  // No usable id (a github-scheme sender without X-GitHub-Delivery, or an absurd one): the body is the identity.
  return `sha256:${createHash("sha256")
    .update(id ?? "")
    .update("\0")
    .update(body)
    .digest("hex")}`;
}

function publicEntry(entry: JournalEntry) {
  const event = entry.event;
  return {
    id: entry.id,
    type: event.kind,
    submissionId: event.submissionId,
    assetId: event.kind === "link.registered" ? null : event.assetId,
    state: entry.state,
    attempts: entry.attempts,
    lastError: entry.lastError,
    receivedAt: entry.receivedAt,
    updatedAt: entry.updatedAt,
  };
}

/**
 * The relay's HTTP adapter on Express. Only `POST /webhooks/content-review` sees a raw body;
 * it answers 200 only after the event is committed to the journal, and never a 5xx for bad input.
 */
export function createRelayApp(options: RelayAppOptions): express.Express {
  const { journal, metrics, logger } = options;
  const now = options.now ?? Date.now;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  const auth = bearerAuth(options.relayToken);

  const requireJson: RequestHandler = (req, res, next) => {
    metrics.received();
    if (!isJsonType(req) && (hasBody(req) || req.headers["content-type"] !== undefined)) {
      metrics.rejected("unsupported-media-type");
      res
        .status(415)
        .json({ error: "unsupported_media_type", message: "Send Content-Type: application/json" });
      return;
    }
    next();
  };

  app.post(
    "/webhooks/content-review",
    requireJson,
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const rawBody: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const verdict = verifyWebhook({
        scheme: options.scheme,
        secrets: options.secrets,
        headers: req.headers,
        rawBody,
        toleranceSeconds: options.toleranceSeconds,
        now: now(),
      });
      if (!verdict.ok) {
        metrics.rejected(verdict.reason);
        logger.debug("webhook refused", { reason: verdict.reason });
        res
          .status(401)
          .json({ error: "invalid_signature", reason: verdict.reason, message: verdict.message });
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        metrics.rejected("malformed-json");
        res.status(400).json({ error: "malformed_json", message: "The body is not valid JSON" });
        return;
      }
      const parsed = parseAssetEvent(body);
      if (!parsed.ok) {
        metrics.rejected("unknown-event");
        res.status(400).json({ error: "unknown_event", message: parsed.message });
        return;
      }
      const status = await journal.ingest(dedupeKey(verdict.id, rawBody), parsed.event);
      if (status === "duplicate") metrics.duplicate();
      else metrics.accepted();
      res.status(200).json({ status });
    },
  );

  app.post("/links", auth, express.json({ limit: "64kb", type: () => true }), async (req, res) => {
    const parsed = parseSubmissionLink(req.body);
    if (!parsed.ok) {
      res.status(400).json({ error: "invalid_link", message: parsed.message });
      return;
    }
    await journal.ingest(`link:${randomUUID()}`, {
      kind: "link.registered",
      submissionId: parsed.link.submissionId,
      link: parsed.link,
    });
    res.status(202).json({ status: "accepted", submissionId: parsed.link.submissionId });
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    try {
      await journal.ping();
      res.json({ status: "ready", store: journal.kind });
    } catch {
      res.status(503).json({ status: "unavailable", store: journal.kind });
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
    if (!(await journal.redeliver(id))) {
      res
        .status(404)
        .json({ error: "not_found", message: `No delivery ${id}; see GET /deliveries` });
      return;
    }
    res.status(202).json({ status: "requeued", id });
  });

  app.use((_req, res) => {
    res.status(404).json({ error: "not_found", message: "No such route" });
  });

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const status =
      typeof error?.status === "number"
        ? error.status
        : typeof error?.statusCode === "number"
          ? error.statusCode
          : 0;
    if (status === 413) {
      metrics.rejected("too-large");
      res.status(413).json({
        error: "payload_too_large",
        message: `Bodies are limited to ${WEBHOOK_BODY_LIMIT}`,
      });
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
    logger.error("request failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    // Only our own failures get here (the journal is unreachable): ask the sender to retry.
    res
      .status(503)
      .set("Retry-After", "5")
      .json({ error: "unavailable", message: "The journal is unavailable; retry later" });
  };
  app.use(onError);
  return app;
}
