import type { TracingConfig } from "../config/index.ts";
import { type RelayTracing, TRACING_OFF } from "./relay-tracing.ts";

/**
 * The tracing the configuration asks for. The SDK is imported only when tracing is on, so a
 * relay without an OTLP endpoint never loads it (the bundle keeps it in a chunk of its own).
 */
export async function startTracing(tracing: TracingConfig | null): Promise<RelayTracing> {
  if (tracing === null) return TRACING_OFF;
  const { startOtlpTracing } = await import("./start-otlp-tracing.ts");
  return startOtlpTracing(tracing);
}
