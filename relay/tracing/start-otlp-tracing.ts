import { type Context, isSpanContextValid, ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { parseTraceParent, TraceState } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { TraceSamplerName, TracingConfig } from "../config/index.ts";
import { formatTraceparent, type RelayTracing, splitTraceContext } from "./relay-tracing.ts";

/** `OTEL_TRACES_SAMPLER` to the SDK's sampler (policy as data). */
const SAMPLERS: Readonly<Record<TraceSamplerName, (ratio: number) => Sampler>> = Object.freeze({
  always_on: () => new AlwaysOnSampler(),
  always_off: () => new AlwaysOffSampler(),
  traceidratio: (ratio) => new TraceIdRatioBasedSampler(ratio),
  parentbased_always_on: () => new ParentBasedSampler({ root: new AlwaysOnSampler() }),
  parentbased_always_off: () => new ParentBasedSampler({ root: new AlwaysOffSampler() }),
  parentbased_traceidratio: (ratio) =>
    new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) }),
});

/** What a test may replace: where spans go (the SDK's in-memory exporter, say). */
export interface OtlpTracingOptions {
  /** @default an OTLP/HTTP (JSON) exporter configured by the `OTEL_EXPORTER_OTLP_*` variables */
  readonly processor?: SpanProcessor;
}

/** The relay's service name unless `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`) says otherwise. */
const SERVICE_NAME = "content-review-relay";

/**
 * Tracing on: an SDK tracer provider of its own (never registered globally) that batches spans
 * to the OTLP/HTTP exporter. Loaded only when tracing is on, so a relay without an endpoint
 * never loads the SDK.
 */
export function startOtlpTracing(
  config: TracingConfig,
  options: OtlpTracingOptions = {},
): RelayTracing {
  const exporter: SpanExporter | null = options.processor ? null : new OTLPTraceExporter();
  const processor =
    options.processor ?? new BatchSpanProcessor({ exporter: exporter!, ...config.batch });
  const resource = resourceFromAttributes({ "service.name": SERVICE_NAME }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new TracerProvider({
    resource,
    sampler: SAMPLERS[config.sampler](config.ratio),
    spanProcessors: [processor],
  });
  return {
    enabled: true,
    tracer: provider.getTracer(SERVICE_NAME),
    traceparentOf: formatTraceparent,
    contextOf(stored): Context {
      const { traceparent, tracestate } = splitTraceContext(stored ?? "");
      const parent = traceparent ? parseTraceParent(traceparent) : null;
      // All-zero ids parse but name no trace: such a span starts a trace of its own.
      if (parent === null || !isSpanContextValid(parent)) return ROOT_CONTEXT;
      const state = tracestate === "" ? {} : { traceState: new TraceState(tracestate) };
      return trace.setSpanContext(ROOT_CONTEXT, { ...parent, ...state, isRemote: true });
    },
    shutdown: () => provider.shutdown(),
  };
}
