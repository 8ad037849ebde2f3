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
  /** Names the submission and repository on every effect span. */
  readonly attributes: Attributes;
}

function outcomeOfError(error: unknown): string {
  return (error as Error | null)?.name === "EffectBusyError" ? "busy" : "failed";
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
