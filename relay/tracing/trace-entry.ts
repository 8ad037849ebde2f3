import { type Attributes, type Context, type Link, trace } from "@opentelemetry/api";
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

/** The part of a submission's stored state that places its entries' spans. */
export interface TracedState {
  /** The trace context the submission's link was relayed in (its `POST /links` intake's). */
  readonly linkTrace?: string;
}

/**
 * Where an attempt's `relay.process` span goes. An entry continues the trace stored with it
 * (its intake's, or reconciliation's), except an event of a linked submission journaled in
 * another trace: it joins the link's trace (the Action's run), a child of the link's span, with
 * a span link to its own context, the causal edge the move cuts. A link entry (a first link, or
 * one that replaces an earlier) continues its own trace.
 */
function placeAttempt(
  tracing: RelayTracing,
  entry: JournalEntry,
  state: TracedState | null,
): { parent: Context; links: Link[] } {
  const own = tracing.contextOf(entry.traceparent);
  if (state?.linkTrace == null || entry.event.kind === "link.registered") {
    return { parent: own, links: [] };
  }
  const link = tracing.contextOf(state.linkTrace);
  const linkSpan = trace.getSpanContext(link);
  const ownSpan = trace.getSpanContext(own);
  if (linkSpan === undefined || ownSpan?.traceId === linkSpan.traceId) {
    return { parent: own, links: [] };
  }
  return { parent: link, links: ownSpan === undefined ? [] : [{ context: ownSpan }] };
}

/**
 * Runs one attempt on a journaled entry in a `relay.process` span, placed by the submission's
 * state (`load`, read before the span starts; see placeAttempt): across the journal's gap and
 * any restart, in the link's trace once the submission is linked. `run` gets the state and what
 * its effects need to trace themselves under the span.
 */
export async function traceEntry<S extends TracedState>(
  tracing: RelayTracing,
  entry: JournalEntry,
  attempt: AttemptInfo,
  load: () => Promise<S>,
  run: (state: S, start: (repository: string | null) => EffectTrace) => Promise<void>,
): Promise<void> {
  const attributes = {
    ...eventAttributes(entry.event),
    [SPAN_ATTRIBUTES.entryId]: tracedEntryId(entry.id),
  };
  // A state that cannot be read fails the attempt in a span all the same (in the entry's trace).
  const loaded = await load().then(
    (state) => ({ state }),
    (error: unknown) => ({ error }),
  );
  const { parent, links } = placeAttempt(tracing, entry, "state" in loaded ? loaded.state : null);
  const span = tracing.tracer.startSpan(
    SPAN_NAMES.process,
    { attributes: { ...attributes, [SPAN_ATTRIBUTES.attempt]: attempt.attempt }, links },
    parent,
  );
  const context = contextWithSpan(span);
  try {
    if (!("state" in loaded)) throw loaded.error;
    await run(loaded.state, (repository) => {
      const named =
        repository === null
          ? attributes
          : { ...attributes, [SPAN_ATTRIBUTES.repository]: repository };
      if (repository !== null) span.setAttribute(SPAN_ATTRIBUTES.repository, repository);
      return { tracing, context, attempt: attempt.attempt, attributes: named };
    });
    span.setAttribute(SPAN_ATTRIBUTES.outcome, "done");
  } catch (error) {
    failSpan(span, attempt.isLast ? "dead" : "retry", error);
    throw error;
  } finally {
    span.end();
  }
}
