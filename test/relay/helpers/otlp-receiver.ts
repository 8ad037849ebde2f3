import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One span as the receiver decoded it from an OTLP/HTTP JSON export. */
export interface ReceivedSpan {
  readonly service: string;
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
  readonly links: readonly { readonly traceId: string; readonly spanId: string }[];
}

/** A collector stand-in on loopback: `POST /v1/traces` (OTLP/HTTP, JSON). */
export interface OtlpReceiver {
  /** What to set `OTEL_EXPORTER_OTLP_ENDPOINT` to. */
  readonly endpoint: string;
  readonly spans: ReceivedSpan[];
  /** Every request body as received, to look for what must never be exported. */
  readonly bodies: string[];
  /** The headers of the exports (to check `OTEL_EXPORTER_OTLP_HEADERS`). */
  readonly headers: Record<string, string | string[] | undefined>[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes?: { key: string; value: OtlpValue }[];
  links?: { traceId: string; spanId: string }[];
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

function decodeValue(value: OtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return value.boolValue ?? "";
}

function attributesOf(list: { key: string; value: OtlpValue }[] = []) {
  return Object.fromEntries(list.map((a) => [a.key, decodeValue(a.value)]));
}

/** Decodes an export request body (the OTLP JSON encoding: ids in hex) into spans. */
export function decodeOtlpJson(body: string): ReceivedSpan[] {
  const request = JSON.parse(body) as OtlpExport;
  return (request.resourceSpans ?? []).flatMap((rs) => {
    const service = String(attributesOf(rs.resource?.attributes)["service.name"] ?? "");
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        service,
        name: s.name,
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? "",
        attributes: attributesOf(s.attributes),
        links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
      })),
    );
  });
}

/** Starts a receiver on a random loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const headers: OtlpReceiver["headers"] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      bodies.push(body);
      headers.push({ ...req.headers });
      spans.push(...decodeOtlpJson(body));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    headers,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
