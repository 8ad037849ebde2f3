import { z } from "zod";

/** A span as `GET /_emulator/traces` shows it. */
export interface RecordedSpan {
  readonly spanId: string;
  /** Empty for a trace's root (or a span whose parent is in another process). */
  readonly parentSpanId: string;
  readonly name: string;
  /** The resource's `service.name`. */
  readonly service: string;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
  readonly attributes: Readonly<Record<string, string | number | boolean | null>>;
  /** The span's links to spans of other traces (a `relay.process` to the webhook's `relay.intake`). */
  readonly links: readonly { readonly traceId: string; readonly spanId: string }[];
}

/** A trace: every span received with its id, in the order they started. */
export interface RecordedTrace {
  readonly traceId: string;
  readonly spans: RecordedSpan[];
}

/** OTLP/HTTP JSON's `AnyValue`, as far as a span's attributes use it. */
const anyValue = z
  .object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string(), z.number()]).optional(),
    doubleValue: z.number().optional(),
  })
  .loose();
const keyValues = z.array(z.object({ key: z.string(), value: anyValue.optional() })).default([]);
const nanos = z.union([z.string(), z.number()]).transform(String);

/** An `ExportTraceServiceRequest` in OTLP's JSON encoding (ids in hex, as the spec says). */
export const exportTraceRequest = z.object({
  resourceSpans: z
    .array(
      z.object({
        resource: z.object({ attributes: keyValues }).optional(),
        scopeSpans: z
          .array(
            z.object({
              spans: z
                .array(
                  z.object({
                    traceId: z.string().regex(/^[0-9a-fA-F]{32}$/),
                    spanId: z.string().regex(/^[0-9a-fA-F]{16}$/),
                    parentSpanId: z.string().optional(),
                    name: z.string(),
                    startTimeUnixNano: nanos,
                    endTimeUnixNano: nanos,
                    attributes: keyValues,
                    links: z
                      .array(z.object({ traceId: z.string(), spanId: z.string() }).loose())
                      .default([]),
                  }),
                )
                .default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
export type ExportTraceRequest = z.infer<typeof exportTraceRequest>;

function plain(value: z.infer<typeof anyValue> | undefined): string | number | boolean | null {
  if (value === undefined) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.doubleValue ?? null;
}

const attributesOf = (list: z.infer<typeof keyValues>) =>
  Object.fromEntries(list.map((kv) => [kv.key, plain(kv.value)]));

function compareStart(a: RecordedSpan, b: RecordedSpan): number {
  const [x, y] = [BigInt(a.startTimeUnixNano), BigInt(b.startTimeUnixNano)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** By start time; a parent before its children when they start in the same instant. */
function inOrder(spans: readonly RecordedSpan[]): RecordedSpan[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const depth = (span: RecordedSpan, seen = 0): number => {
    const parent = byId.get(span.parentSpanId);
    return parent === undefined || seen > spans.length ? 0 : 1 + depth(parent, seen + 1);
  };
  return [...spans].sort((a, b) => compareStart(a, b) || depth(a) - depth(b));
}

/** Keeps the traces sent to `POST /v1/traces`; one per emulator instance. */
export interface TraceRecorder {
  /** Stores the request's spans; returns the traces it has seen for the first time. */
  record(request: ExportTraceRequest): RecordedTrace[];
  /** Every trace, the one whose first span started first, first. */
  traces(): RecordedTrace[];
}

export function createTraceRecorder(): TraceRecorder {
  const byId = new Map<string, RecordedSpan[]>();
  return {
    record(request) {
      const fresh: string[] = [];
      for (const resourceSpans of request.resourceSpans) {
        const resource = attributesOf(resourceSpans.resource?.attributes ?? []);
        const service = String(resource["service.name"] ?? "unknown_service");
        for (const span of resourceSpans.scopeSpans.flatMap((s) => s.spans)) {
          const traceId = span.traceId.toLowerCase();
          if (!byId.has(traceId)) {
            byId.set(traceId, []);
            fresh.push(traceId);
          }
          byId.get(traceId)!.push({
            spanId: span.spanId.toLowerCase(),
            parentSpanId: (span.parentSpanId ?? "").toLowerCase(),
            name: span.name,
            service,
            startTimeUnixNano: span.startTimeUnixNano,
            endTimeUnixNano: span.endTimeUnixNano,
            attributes: attributesOf(span.attributes),
            links: span.links.map((l) => ({
              traceId: l.traceId.toLowerCase(),
              spanId: l.spanId.toLowerCase(),
            })),
          });
        }
      }
      const all = this.traces();
      return all.filter((t) => fresh.includes(t.traceId));
    },
    traces() {
      return [...byId.entries()]
        .map(([traceId, spans]) => ({ traceId, spans: inOrder(spans) }))
        .sort((a, b) => compareStart(a.spans[0]!, b.spans[0]!));
    },
  };
}
