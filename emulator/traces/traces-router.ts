import express, { type Request, type Response, Router } from "express";
import { exportTraceRequest, type RecordedTrace, type TraceRecorder } from "./trace-recorder.ts";

/** Where OTLP/HTTP exporters send spans: `OTEL_EXPORTER_OTLP_ENDPOINT=<emulator>` appends it. */
export const OTLP_TRACES_PATH = "/v1/traces";

/** One log line per trace, when its first spans arrive (ids and names only, never attributes). */
export function traceLogLine(trace: RecordedTrace): string {
  const root = trace.spans.find((s) => s.parentSpanId === "") ?? trace.spans[0]!;
  const services = [...new Set(trace.spans.map((s) => s.service))].join(", ");
  return `trace ${trace.traceId} received: ${trace.spans.length} span(s) from ${services}, first ${root.name} (GET /_emulator/traces shows it)`;
}

function refuse(res: Response, status: number, message: string): void {
  // OTLP/HTTP's error body is a google.rpc.Status; in JSON, `code` and `message`.
  res.status(status).json({ code: 3, message });
}

/**
 * A collector for the rehearsal: `POST /v1/traces` takes OTLP/HTTP in JSON, as the relay's
 * exporter (`@opentelemetry/exporter-trace-otlp-http`) sends it, gzip or not; protobuf is
 * refused with 415 saying to send JSON. `GET /_emulator/traces` lists what came.
 */
export function tracesRouter(recorder: TraceRecorder, log: (line: string) => void): Router {
  const router = Router();
  router.post(
    OTLP_TRACES_PATH,
    express.raw({ type: () => true, limit: "10mb" }),
    (req: Request, res: Response) => {
      const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") {
        refuse(
          res,
          415,
          `The emulator's collector takes OTLP/HTTP in JSON (Content-Type: application/json), as the relay sends it; got "${type || "no Content-Type"}". Set the exporter's protocol to http/json.`,
        );
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "");
      } catch {
        refuse(
          res,
          400,
          "The body is not JSON: send an ExportTraceServiceRequest in OTLP's JSON encoding.",
        );
        return;
      }
      const parsed = exportTraceRequest.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        refuse(
          res,
          400,
          `Not an OTLP ExportTraceServiceRequest: ${issue.path.join(".") || "body"}: ${issue.message}`,
        );
        return;
      }
      for (const trace of recorder.record(parsed.data)) log(traceLogLine(trace));
      res.status(200).json({ partialSuccess: {} });
    },
  );
  router.get("/_emulator/traces", (_req, res) => {
    res.json({ traces: recorder.traces() });
  });
  return router;
}
