import { type Span, SpanKind } from "@opentelemetry/api";
import type { RelayTracing } from "./relay-tracing.ts";
import { SPAN_ATTRIBUTES, SPAN_NAMES } from "./span-attributes.ts";
import { failSpan } from "./trace-effect.ts";

/**
 * Runs one reconciliation of a submission in a `relay.reconcile` span with its outcome.
 * `run` gets the span's `traceparent`: the entries it journals carry it, so relaying them
 * continues this trace, as a delivery's entries continue its intake's.
 */
export async function traceReconciliation<T extends string>(
  tracing: RelayTracing,
  submissionId: string,
  run: (traceparent: string | null) => Promise<T>,
): Promise<T> {
  if (!tracing.enabled) return run(null);
  const span: Span = tracing.tracer.startSpan(SPAN_NAMES.reconcile, {
    kind: SpanKind.INTERNAL,
    attributes: { [SPAN_ATTRIBUTES.submissionId]: submissionId },
  });
  try {
    const outcome = await run(tracing.traceparentOf(span));
    span.setAttribute(SPAN_ATTRIBUTES.outcome, outcome);
    return outcome;
  } catch (error) {
    failSpan(span, "failed", error);
    throw error;
  } finally {
    span.end();
  }
}
