import {
  type Context,
  isSpanContextValid,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  type Span,
  type Tracer,
} from "@opentelemetry/api";

/**
 * The relay's tracer and the two conversions it needs to carry a trace across the journal:
 * a span to the W3C `traceparent` stored with an entry, and a stored one back to a context.
 * Every part of the relay takes it as a dependency (no global provider is registered), so two
 * relays in one process trace apart.
 */
export interface RelayTracing {
  /** False when no OTLP endpoint is set: spans are the API's no-op ones, nothing is kept. */
  readonly enabled: boolean;
  readonly tracer: Tracer;
  /** The `traceparent` of a span, to store with an entry; null when tracing is off. */
  traceparentOf(span: Span): string | null;
  /** The context a stored or received `traceparent` continues; the root context without one. */
  contextOf(traceparent: string | null | undefined): Context;
  /** Exports the spans still queued (the drain calls it last). */
  shutdown(): Promise<void>;
}

/**
 * W3C trace context, version 00, as the journal stores it: the `traceparent`, then the
 * `tracestate` after one space when the trace carries one (a traceparent holds no space), so
 * that a vendor's state reaches every span the entry's relaying makes.
 * https://www.w3.org/TR/trace-context/#traceparent-header
 */
export function formatTraceparent(span: Span): string | null {
  const context = span.spanContext();
  if (!isSpanContextValid(context)) return null;
  const flags = (context.traceFlags & 0xff).toString(16).padStart(2, "0");
  const state = context.traceState?.serialize() ?? "";
  const parent = `00-${context.traceId}-${context.spanId}-${flags}`;
  return state === "" ? parent : `${parent} ${state}`;
}

/** A stored or received trace context split into its `traceparent` and `tracestate`. */
export function splitTraceContext(stored: string): { traceparent: string; tracestate: string } {
  const space = stored.indexOf(" ");
  if (space === -1) return { traceparent: stored, tracestate: "" };
  return { traceparent: stored.slice(0, space), tracestate: stored.slice(space + 1).trim() };
}

/**
 * Tracing off: a fresh proxy provider has no delegate, so its tracer is the API's no-op one
 * (also when another library registers a global provider). Nothing is recorded or stored.
 */
export const TRACING_OFF: RelayTracing = Object.freeze({
  enabled: false,
  tracer: new ProxyTracerProvider().getTracer("content-review-relay"),
  traceparentOf: () => null,
  contextOf: () => ROOT_CONTEXT,
  shutdown: async () => undefined,
});
