import {
  type Attributes,
  type Context,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { RelayTracing } from "./relay-tracing.ts";
import { SPAN_ATTRIBUTES, SPAN_NAMES } from "./span-attributes.ts";

/** Where the effects of one attempt are traced: under the attempt's span. */
export interface EffectTrace {
  readonly tracing: RelayTracing;
  /** The context of the attempt's `relay.process` span. */
  readonly context: Context;
  readonly attempt: number;
  /** The submission's link's `traceparent` (the Action's run), when it sent one. */
  readonly linkTraceparent: string | null;
  /** Names the submission and repository on every effect span. */
  readonly attributes: Attributes;
}

/** The effects whose span also shows in the trace of the run that registered the link. */
const MIRRORED_IN_LINK_TRACE: ReadonlySet<string> = new Set(["github-status"]);

function outcomeOfError(error: unknown): string {
  return (error as Error | null)?.name === "EffectBusyError" ? "busy" : "failed";
}

/** The span of the commit status in the link's trace: the `wait: false` run sees its verdict. */
function mirrorInLinkTrace(effectTrace: EffectTrace, span: Span, attributes: Attributes): void {
  const { tracing, linkTraceparent } = effectTrace;
  const linkContext = tracing.contextOf(linkTraceparent);
  const parent = trace.getSpanContext(linkContext);
  if (parent === undefined || parent.traceId === span.spanContext().traceId) return;
  tracing.tracer
    .startSpan(
      SPAN_NAMES.linkedStatus,
      { attributes, links: [{ context: span.spanContext() }] },
      linkContext,
    )
    .end();
}

/**
 * Runs one effect attempt (a Slack post, reply or update, a commit status) in a `relay.effect`
 * span with its outcome and attempt number. Without a trace it only runs `perform`.
 */
export async function traceEffect<T>(
  effectTrace: EffectTrace | undefined,
  effect: string,
  perform: () => Promise<T>,
  outcomeOf: (result: T) => string,
): Promise<T> {
  if (effectTrace === undefined) return perform();
  const attributes: Attributes = {
    ...effectTrace.attributes,
    [SPAN_ATTRIBUTES.effect]: effect,
    [SPAN_ATTRIBUTES.attempt]: effectTrace.attempt,
  };
  const span = effectTrace.tracing.tracer.startSpan(
    SPAN_NAMES.effect,
    { attributes },
    effectTrace.context,
  );
  try {
    const result = await perform();
    span.setAttribute(SPAN_ATTRIBUTES.outcome, outcomeOf(result));
    if (MIRRORED_IN_LINK_TRACE.has(effect) && effectTrace.linkTraceparent !== null) {
      mirrorInLinkTrace(effectTrace, span, {
        ...attributes,
        [SPAN_ATTRIBUTES.outcome]: outcomeOf(result),
      });
    }
    return result;
  } catch (error) {
    failSpan(span, outcomeOfError(error), error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a span failed with `outcome`, naming the error's class only: a message may quote what was sent. */
export function failSpan(span: Span, outcome: string, error: unknown): void {
  span.setAttribute(SPAN_ATTRIBUTES.outcome, outcome);
  span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error | null)?.name ?? "Error" });
}

/** The context of `span`, for its children. */
export function contextWithSpan(span: Span): Context {
  return trace.setSpan(ROOT_CONTEXT, span);
}
