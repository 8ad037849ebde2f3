import type { IncomingMessage, ServerResponse } from "node:http";
import { type Span, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { RelayTracing } from "./relay-tracing.ts";
import { SPAN_ATTRIBUTES, SPAN_NAMES } from "./span-attributes.ts";

/**
 * The span of one request at intake (verification, the journal write, the answer), ended with
 * the status code once the answer is sent or the connection closes. A W3C `traceparent` the
 * caller sends (the Action's, on `POST /links`) makes it part of the caller's trace, and its
 * `tracestate` is carried along with it.
 */
export function startIntakeSpan(
  tracing: RelayTracing,
  route: string,
  req: IncomingMessage,
  res: ServerResponse,
): Span {
  const header = req.headers["traceparent"];
  // Its `tracestate` (several headers join with commas) goes with it, after one space.
  const state = [req.headers["tracestate"] ?? []].flat().join(",").trim();
  const parent = typeof header === "string" ? header.trim() : null;
  const span = tracing.tracer.startSpan(
    SPAN_NAMES.intake,
    { kind: SpanKind.SERVER, attributes: { [SPAN_ATTRIBUTES.httpRoute]: route } },
    tracing.contextOf(parent !== null && state !== "" ? `${parent} ${state}` : parent),
  );
  res.once("close", () => {
    const status = res.headersSent ? res.statusCode : 0;
    span.setAttribute(SPAN_ATTRIBUTES.httpStatus, status);
    // 4xx is the sender's fault, not the relay's (OpenTelemetry's HTTP server convention).
    if (status === 0 || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  return span;
}
