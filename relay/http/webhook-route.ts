import type { IncomingMessage, ServerResponse } from "node:http";
import type { Span } from "@opentelemetry/api";
import { describeError } from "../../src/shared/describe-error.ts";
import { answerBeforeBody } from "../../src/shared/index.ts";
import { createWebhookVerifier, type WebhookScheme } from "../../src/webhooks/index.ts";
import { type Journal, unstorableReason } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayMetrics } from "../metrics.ts";
import type { RelayEvent } from "../relay-event.ts";
import {
  eventAttributes,
  type RelayTracing,
  SPAN_ATTRIBUTES,
  startIntakeSpan,
  TRACING_OFF,
} from "../tracing/index.ts";
import { deliveryKey } from "./delivery-key.ts";
import { planDelivery } from "./plan-delivery.ts";
import { sendJson } from "./send-json.ts";
import { headerRefusal, readRawBody, TOO_LARGE } from "./webhook-intake.ts";

export { WEBHOOK_BODY_LIMIT_BYTES } from "./webhook-intake.ts";

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

// The answers of the hot path, serialised once (strings: Node sends them in one write
// together with the head).
const ACCEPTED = '{"status":"accepted"}';
const DUPLICATE = '{"status":"duplicate"}';
const IGNORED = '{"status":"ignored"}';

/** True for the request the webhook route serves directly, without Express's routing. */
export function isWebhookRequest(req: IncomingMessage): boolean {
  return (
    req.method === "POST" &&
    req.url !== undefined &&
    (req.url === WEBHOOK_PATH || req.url.startsWith(`${WEBHOOK_PATH}?`))
  );
}

/** Answers a journal write that failed: refused for good (422), or retry later (503). */
function ingestFailed(
  res: ServerResponse,
  error: unknown,
  deps: { metrics: RelayMetrics; logger: Logger },
): void {
  const unstorable = unstorableReason(error);
  if (unstorable !== null) {
    // The same on every retry: refused for good, and logged once, here.
    deps.logger.warn("webhook refused: the store cannot hold it", { reason: unstorable });
    deps.metrics.rejected("unstorable");
    sendJson(res, 422, {
      error: "unstorable",
      message: `The relay's store cannot hold this event (${unstorable}); it was not stored, and sending it again will not help`,
    });
    return;
  }
  deps.logger.error("journal write failed", { error: describeError(error) });
  // Our failure, not the sender's: ask it to retry.
  sendJson(
    res,
    503,
    { error: "unavailable", message: "The journal is unavailable; retry later" },
    { "retry-after": "5" },
  );
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

  async function receive(
    req: IncomingMessage,
    res: ServerResponse,
    rawBody: Buffer,
    span: Span | null,
  ) {
    const verdict = verifier.verify(req.headers, rawBody, now());
    span?.setAttribute(SPAN_ATTRIBUTES.refusal, verdict.ok ? "none" : verdict.reason);
    const plan = planDelivery(verdict, rawBody);
    if (plan.kind === "reject") {
      if (!verdict.ok) logger.debug("webhook refused", { reason: verdict.reason });
      metrics.rejected(plan.reason);
      sendJson(res, plan.status, plan.body);
      return;
    }
    if (plan.kind === "ignore") {
      metrics.ignored();
      logger.info("webhook of an unknown event type ignored", { type: plan.type.slice(0, 100) });
      sendJson(res, 200, IGNORED);
      return;
    }
    let status: "accepted" | "duplicate";
    const entryId = deliveryKey(options.scheme, plan.id, rawBody);
    const traceparent = span === null ? null : intakeTraceparent(span, entryId, plan.event);
    try {
      status = await journal.ingest(entryId, plan.event, traceparent);
    } catch (error) {
      ingestFailed(res, error, options);
      return;
    }
    span?.setAttribute(SPAN_ATTRIBUTES.intakeStatus, status);
    if (status === "duplicate") metrics.duplicate();
    else metrics.accepted();
    sendJson(res, 200, status === "accepted" ? ACCEPTED : DUPLICATE);
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
    const refusal = headerRefusal(req.headers);
    if (refusal !== null) {
      // Refused before the body is read: the sender may still be writing (lingering close).
      metrics.rejected(refusal.reason);
      answerBeforeBody(req, res, refusal.status, refusal.body);
      return;
    }
    readRawBody(
      req,
      (rawBody) =>
        receive(req, res, rawBody, span).catch((error: unknown) => {
          logger.error("webhook handling failed", { error: describeError(error) });
          sendJson(
            res,
            503,
            { error: "unavailable", message: "Retry later" },
            { "retry-after": "5" },
          );
        }),
      () => {
        metrics.rejected("too-large");
        answerBeforeBody(req, res, 413, TOO_LARGE);
      },
    );
  };
}
