import { randomBytes } from "node:crypto";

/**
 * A W3C `traceparent` (version 00, sampled) that begins a trace for a `wait: false` hand-off:
 * the relay continues it from `POST /links`, so the run and the relay's later commit status
 * share one trace id. The Action itself exports no spans; the id is printed to find the trace.
 * https://www.w3.org/TR/trace-context/#traceparent-header
 */
export function startTraceparent(random: (size: number) => Buffer = randomBytes): string {
  // All-zero ids are invalid; 16 random bytes are zero with a probability of 2^-128, but a
  // seeded source in a test may draw them.
  const id = (size: number) => {
    const hex = random(size).toString("hex");
    return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
  };
  return `00-${id(16)}-${id(8)}-01`;
}

/** The trace id of a `traceparent`: what to search for in a tracing backend. */
export function traceIdOf(traceparent: string): string {
  return traceparent.split("-")[1] ?? "";
}
