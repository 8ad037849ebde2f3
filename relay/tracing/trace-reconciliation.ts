import { type Span, SpanKind } from "@opentelemetry/api";
import type { RelayTracing } from "./relay-tracing.ts";
import { SPAN_ATTRIBUTES, SPAN_NAMES } from "./span-attributes.ts";
import { failSpan } from "./trace-effect.ts";

/**
 * The trace context the link of a submission was registered in (its stored state's
 * `linkTrace`), or null: reconciliation continues that trace.
 */
export function linkTraceOf(storedState: string | null): string | null {
  if (storedState === null) return null;
  const { linkTrace } = JSON.parse(storedState) as { linkTrace?: unknown };
  return typeof linkTrace === "string" ? linkTrace : null;
}

/**
 * Runs one reconciliation of a submission in a `relay.reconcile` span with its outcome, in
 * the trace of the submission's link (`linkTrace`, when it has one), so that the run that
 * linked it shows its reconciled verdict too. `run` gets the span's `traceparent`: the entries
 * it journals carry it, so relaying them continues this trace, as a delivery's entries
 * continue its intake's.
 */
export async function traceReconciliation<T extends string>(
  tracing: RelayTracing,
  submissionId: string,
  linkTrace: string | null,
  run: (traceparent: string | null) => Promise<T>,
): Promise<T> {
  if (!tracing.enabled) return run(null);
  const span: Span = tracing.tracer.startSpan(
    SPAN_NAMES.reconcile,
    { kind: SpanKind.INTERNAL, attributes: { [SPAN_ATTRIBUTES.submissionId]: submissionId } },
    tracing.contextOf(linkTrace),
  );
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
