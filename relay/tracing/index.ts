export { type RelayTracing, TRACING_OFF } from "./relay-tracing.ts";
export { SPAN_ATTRIBUTES } from "./span-attributes.ts";
export { startIntakeSpan } from "./start-intake-span.ts";
export { startTracing } from "./start-tracing.ts";
export { type EffectTrace, traceEffect } from "./trace-effect.ts";
export { eventAttributes, traceEntry } from "./trace-entry.ts";
export { linkTraceOf, traceReconciliation } from "./trace-reconciliation.ts";
export { tracedEntryId } from "./traced-entry-id.ts";
