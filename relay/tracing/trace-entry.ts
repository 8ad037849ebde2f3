import type { Attributes } from "@opentelemetry/api";
import type { AttemptInfo, JournalEntry } from "../journal/index.ts";
import type { RelayEvent } from "../relay-event.ts";
import type { RelayTracing } from "./relay-tracing.ts";
import { SPAN_ATTRIBUTES, SPAN_NAMES } from "./span-attributes.ts";
import { contextWithSpan, type EffectTrace, failSpan } from "./trace-effect.ts";
import { tracedEntryId } from "./traced-entry-id.ts";

/** What names an entry on its spans: submission, event type, asset or repository. */
export function eventAttributes(event: RelayEvent): Attributes {
  const named = {
    [SPAN_ATTRIBUTES.submissionId]: event.submissionId,
    [SPAN_ATTRIBUTES.eventType]: event.kind,
  };
  if (event.kind === "link.registered") {
    return { ...named, [SPAN_ATTRIBUTES.repository]: event.link.repository };
  }
  if (event.kind === "submission.unresolved") return named;
  return { ...named, [SPAN_ATTRIBUTES.assetId]: event.assetId };
}

/**
 * Runs one attempt on a journaled entry in a `relay.process` span that continues the trace
 * stored with the entry (its intake span's), across the journal's gap and any restart.
 * `run` gets what its effects need to trace themselves under it; nothing when tracing is off.
 */
export async function traceEntry(
  tracing: RelayTracing,
  entry: JournalEntry,
  attempt: AttemptInfo,
  run: (
    start: (linkTraceparent: string | null, repository: string | null) => EffectTrace,
  ) => Promise<void>,
): Promise<void> {
  const attributes = {
    ...eventAttributes(entry.event),
    [SPAN_ATTRIBUTES.entryId]: tracedEntryId(entry.id),
  };
  const span = tracing.tracer.startSpan(
    SPAN_NAMES.process,
    { attributes: { ...attributes, [SPAN_ATTRIBUTES.attempt]: attempt.attempt } },
    tracing.contextOf(entry.traceparent),
  );
  const context = contextWithSpan(span);
  try {
    await run((linkTraceparent, repository) => {
      const named =
        repository === null
          ? attributes
          : { ...attributes, [SPAN_ATTRIBUTES.repository]: repository };
      if (repository !== null) span.setAttribute(SPAN_ATTRIBUTES.repository, repository);
      return { tracing, context, attempt: attempt.attempt, linkTraceparent, attributes: named };
    });
    span.setAttribute(SPAN_ATTRIBUTES.outcome, "done");
  } catch (error) {
    failSpan(span, attempt.isLast ? "dead" : "retry", error);
    throw error;
  } finally {
    span.end();
  }
}
