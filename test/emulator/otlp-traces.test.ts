/**
 * The emulator as an OTLP/HTTP collector: the relay's exporter
 * (`@opentelemetry/exporter-trace-otlp-http`, JSON, gzip or not) sends to `POST /v1/traces`,
 * `GET /_emulator/traces` shows the traces, and the log has a line per trace.
 */
import { gzipSync } from "node:zlib";
import { context, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";

interface Listed {
  traces: {
    traceId: string;
    spans: {
      spanId: string;
      parentSpanId: string;
      name: string;
      service: string;
      attributes: Record<string, unknown>;
    }[];
  }[];
}

describe("emulator: POST /v1/traces (OTLP/HTTP) and GET /_emulator/traces", () => {
  let emu: EmulatorHandle;
  const lines: string[] = [];
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0, log: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await emu.close();
  });
  const listed = async (): Promise<Listed> =>
    (await fetch(`${emu.baseUrl}/_emulator/traces`)).json() as Promise<Listed>;

  it.each([
    ["none", undefined],
    ["gzip", "gzip"],
  ] as const)(
    "the relay's exporter (compression %s) sends a trace that GET /_emulator/traces shows, with a log line",
    async (_name, compression) => {
      const exporter = new OTLPTraceExporter({
        url: `${emu.baseUrl}/v1/traces`,
        ...(compression ? { compression: compression as never } : {}),
      });
      const provider = new TracerProvider({
        resource: resourceFromAttributes({ "service.name": `relay-${_name}` }),
        spanProcessors: [new SimpleSpanProcessor({ exporter })],
      });
      const tracer = provider.getTracer("test");
      const root = tracer.startSpan("relay.intake", { attributes: { "http.route": "/links" } });
      const child = tracer.startSpan("relay.effect", {}, trace.setSpan(context.active(), root));
      child.end();
      root.end();
      await provider.forceFlush();
      await provider.shutdown();
      const traceId = root.spanContext().traceId;
      const found = (await listed()).traces.find((t) => t.traceId === traceId);
      expect(found?.spans.map((s) => [s.name, s.service])).toEqual([
        ["relay.intake", `relay-${_name}`],
        ["relay.effect", `relay-${_name}`],
      ]);
      expect(found!.spans[0]!.parentSpanId).toBe("");
      expect(found!.spans[1]!.parentSpanId).toBe(root.spanContext().spanId);
      expect(found!.spans[0]!.attributes).toEqual({ "http.route": "/links" });
      expect(lines.filter((l) => l.includes(traceId))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^trace ${traceId} received: \\d span\\(s\\) from relay-${_name}, first relay.`,
          ),
        ),
      ]);
    },
  );

  it.each([
    [
      "protobuf",
      { "content-type": "application/x-protobuf" },
      Buffer.from([0x0a, 0x00]),
      415,
      /OTLP\/HTTP in JSON/,
    ],
    ["not JSON", { "content-type": "application/json" }, Buffer.from("{"), 400, /not JSON/],
    [
      "not a request",
      { "content-type": "application/json", "content-encoding": "gzip" },
      gzipSync(
        JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: "x" }] }] }] }),
      ),
      400,
      /Not an OTLP ExportTraceServiceRequest: resourceSpans\.0\.scopeSpans\.0\.spans\.0\.traceId/,
    ],
  ] as const)(
    "POST /v1/traces refuses %s with a message saying what to send",
    async (_n, headers, body, status, message) => {
      const before = (await listed()).traces.length;
      const res = await fetch(`${emu.baseUrl}/v1/traces`, { method: "POST", headers, body });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect((await listed()).traces).toHaveLength(before);
    },
  );
});
