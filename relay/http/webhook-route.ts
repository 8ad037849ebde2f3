import type { IncomingMessage, ServerResponse } from "node:http";
import type { Span } from "@opentelemetry/api";
import { describeError } from "../../src/shared/describe-error.ts";
import { answerBeforeBody } from "../../src/shared/index.ts";
import { createWebhookVerifier, type WebhookScheme } from "../../src/webhooks/index.ts";
import { type Journal, unstorableReason } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayMetrics } from "../metrics.ts";
import { parseDelivery, type RelayEvent } from "../relay-event.ts";
import {
  eventAttributes,
  type RelayTracing,
  SPAN_ATTRIBUTES,
  startIntakeSpan,
  TRACING_OFF,
} from "../tracing/index.ts";
import { deliveryKey } from "./delivery-key.ts";

/** What the webhook route needs. */
export interface WebhookRouteOptions {
  readonly scheme: WebhookScheme;
  readonly secrets: readonly string[];
  readonly toleranceSeconds: number;
  readonly journal: Pick<Journal, "ingest">;
  readonly metrics: RelayMetrics;
  readonly logger: Logger;
  /** @default Date.now */
  readonly now?: () => number;
  /** @default tracing off */
  readonly tracing?: RelayTracing;
}

/** The route's path; {@link isWebhookRequest} sends it past Express. */
export const WEBHOOK_PATH = "/webhooks/content-review";
/** Only this route reads a raw body, and at most this many bytes of it (1 MiB). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

// The two answers of the hot path, serialised once (strings: Node sends them in one write
// together with the head).
const ACCEPTED = '{"status":"accepted"}';
const DUPLICATE = '{"status":"duplicate"}';
const IGNORED = '{"status":"ignored"}';
const TOO_LARGE = JSON.stringify({
  error: "payload_too_large",
  message: `Bodies are limited to ${WEBHOOK_BODY_LIMIT_BYTES} bytes (1 MiB)`,
});
const UNSUPPORTED_TYPE = JSON.stringify({
  error: "unsupported_media_type",
  message: "Send Content-Type: application/json",
});
const UNSUPPORTED_ENCODING = JSON.stringify({
  error: "unsupported_encoding",
  message: "Send the body uncompressed (no Content-Encoding)",
});

/** True for the request the webhook route serves directly, without Express's routing. */
export function isWebhookRequest(req: IncomingMessage): boolean {
  return (
    req.method === "POST" &&
    req.url !== undefined &&
    (req.url === WEBHOOK_PATH || req.url.startsWith(`${WEBHOOK_PATH}?`))
  );
}

function send(
  res: ServerResponse,
  status: number,
  body: string | object,
  extra?: Record<string, string>,
) {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    ...extra,
  });
  res.end(text);
}

/**
 * `POST /webhooks/content-review` as a plain `node:http` handler: the hot path of the relay,
 * so it skips Express's routing and body parsers. It reads the raw body (at most 1 MiB),
 * verifies it, and answers 200 only once the event is committed to the journal. Bad input gets
 * a 4xx, never a 5xx; only an unreachable journal gets a 503 (the sender retries).
 */
export function createWebhookRoute(
  options: WebhookRouteOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { journal, metrics, logger } = options;
  const now = options.now ?? Date.now;
  const verifier = createWebhookVerifier(options);
  const tracing = options.tracing ?? TRACING_OFF;

  function reject(res: ServerResponse, status: number, reason: string, body: object): void {
    metrics.rejected(reason);
    send(res, status, body);
  }

  /** A refusal before the body is read: the sender may still be writing (lingering close). */
  function refuse(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    reason: string,
    body: string,
  ): void {
    metrics.rejected(reason);
    answerBeforeBody(req, res, status, body);
  }

  async function receive(
    req: IncomingMessage,
    res: ServerResponse,
    rawBody: Buffer,
    span: Span | null,
  ) {
    const verdict = verifier.verify(req.headers, rawBody, now());
    span?.setAttribute(SPAN_ATTRIBUTES.refusal, verdict.ok ? "none" : verdict.reason);
    if (!verdict.ok) {
      logger.debug("webhook refused", { reason: verdict.reason });
      reject(res, 401, verdict.reason, {
        error: "invalid_signature",
        reason: verdict.reason,
        message: verdict.message,
      });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      reject(res, 400, "malformed-json", {
        error: "malformed_json",
        message: "The body is not valid JSON",
      });
      return;
    }
    const parsed = parseDelivery(body);
    if (parsed.kind === "invalid") {
      reject(res, 400, "not-an-event", { error: "not_an_event", message: parsed.message });
      return;
    }
    if (parsed.kind === "ignored") {
      // A type this relay does not know (yet): refusing it would only make the sender retry in
      // vain and, in the end, disable the endpoint.
      metrics.ignored();
      logger.info("webhook of an unknown event type ignored", { type: parsed.type.slice(0, 100) });
      send(res, 200, IGNORED);
      return;
    }
    let status: "accepted" | "duplicate";
    const entryId = deliveryKey(options.scheme, verdict.id, rawBody);
    const traceparent = span === null ? null : intakeTraceparent(span, entryId, parsed.event);
    try {
      status = await journal.ingest(entryId, parsed.event, traceparent);
    } catch (error) {
      const unstorable = unstorableReason(error);
      if (unstorable !== null) {
        // The same on every retry: refused for good, and logged once, here.
        logger.warn("webhook refused: the store cannot hold it", { reason: unstorable });
        reject(res, 422, "unstorable", {
          error: "unstorable",
          message: `The relay's store cannot hold this event (${unstorable}); it was not stored, and sending it again will not help`,
        });
        return;
      }
      logger.error("journal write failed", {
        error: describeError(error),
      });
      // Our failure, not the sender's: ask it to retry.
      send(
        res,
        503,
        { error: "unavailable", message: "The journal is unavailable; retry later" },
        { "retry-after": "5" },
      );
      return;
    }
    span?.setAttribute(SPAN_ATTRIBUTES.intakeStatus, status);
    if (status === "duplicate") metrics.duplicate();
    else metrics.accepted();
    send(res, 200, status === "accepted" ? ACCEPTED : DUPLICATE);
  }

  /** Names the delivery on its span; returns the trace context to store with the entry. */
  function intakeTraceparent(span: Span, entryId: string, event: RelayEvent): string | null {
    span.setAttributes(eventAttributes(event));
    span.setAttribute(SPAN_ATTRIBUTES.entryId, entryId);
    return tracing.traceparentOf(span);
  }

  return (req, res) => {
    metrics.received();
    const span = tracing.enabled ? startIntakeSpan(tracing, WEBHOOK_PATH, req, res) : null;
    const type = req.headers["content-type"];
    const length = req.headers["content-length"];
    const hasBody = req.headers["transfer-encoding"] !== undefined || Number(length ?? 0) > 0;
    if ((type === undefined || !JSON_TYPE.test(type)) && (hasBody || type !== undefined)) {
      refuse(req, res, 415, "unsupported-media-type", UNSUPPORTED_TYPE);
      return;
    }
    const encoding = req.headers["content-encoding"];
    if (encoding !== undefined && encoding.toLowerCase() !== "identity") {
      refuse(req, res, 415, "unsupported-media-type", UNSUPPORTED_ENCODING);
      return;
    }
    const tooLarge = () => refuse(req, res, 413, "too-large", TOO_LARGE);
    if (length !== undefined && Number(length) > WEBHOOK_BODY_LIMIT_BYTES) {
      tooLarge();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > WEBHOOK_BODY_LIMIT_BYTES) {
        over = true;
        chunks.length = 0;
        tooLarge();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (over) return;
      const rawBody = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
      receive(req, res, rawBody, span).catch((error: unknown) => {
        logger.error("webhook handling failed", {
          error: describeError(error),
        });
        send(res, 503, { error: "unavailable", message: "Retry later" }, { "retry-after": "5" });
      });
    });
    // An aborted upload: nobody is left to answer.
    req.on("error", () => undefined);
  };
}
