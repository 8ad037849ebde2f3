/** The samplers `OTEL_TRACES_SAMPLER` names (the OpenTelemetry specification's list). */
export const TRACE_SAMPLERS = Object.freeze([
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const);
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];

/** Tracing as the standard `OTEL_*` variables set it; the exporter reads its own ones. */
export interface TracingConfig {
  readonly sampler: TraceSamplerName;
  /** `OTEL_TRACES_SAMPLER_ARG` for the ratio samplers. @default 1 */
  readonly ratio: number;
  /** The batch span processor's `OTEL_BSP_*` settings that are set (the SDK's defaults otherwise). */
  readonly batch: Readonly<Partial<Record<BatchSetting, number>>>;
}

/** `OTEL_BSP_*` to the batch processor's option (the specification's names; the 3.x SDK reads none). */
export const BATCH_VARIABLES = Object.freeze({
  OTEL_BSP_SCHEDULE_DELAY: "scheduledDelayMillis",
  OTEL_BSP_EXPORT_TIMEOUT: "exportTimeoutMillis",
  OTEL_BSP_MAX_QUEUE_SIZE: "maxQueueSize",
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: "maxExportBatchSize",
} as const);
type BatchSetting = (typeof BATCH_VARIABLES)[keyof typeof BATCH_VARIABLES];

type Env = Readonly<Record<string, string | undefined>>;

/** A problem with one variable, as the relay's configuration reports it. */
export type TracingProblem = (variable: string, message: string) => void;

/** `OTEL_EXPORTER_OTLP_PROTOCOL` values the relay's exporter honours (it sends OTLP/HTTP JSON). */
const OTLP_PROTOCOLS = Object.freeze(["http/json", "http/protobuf"]);

/** The exporter's endpoints and protocol: URLs it can send to, over HTTP. */
function checkOtlpTransport(set: (name: string) => string, problem: TracingProblem): void {
  for (const variable of ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"]) {
    const value = set(variable);
    if (value === "" || (/^https?:\/\/[^/?#]/i.test(value) && URL.canParse(value))) continue;
    problem(variable, "must be an http(s) URL of the collector (e.g. http://otel-collector:4318)");
  }
  for (const variable of ["OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"]) {
    const value = set(variable).toLowerCase();
    if (value === "" || OTLP_PROTOCOLS.includes(value)) continue;
    problem(
      variable,
      `must be ${OTLP_PROTOCOLS.join(" or ")}: the relay exports over OTLP/HTTP (sent as JSON, which every OTLP/HTTP collector takes); gRPC is not supported, so point the endpoint at the collector's HTTP port (4318)`,
    );
  }
}

/** The sampler and the batching, as set (checked whether tracing is on or not). */
function readSampling(set: (name: string) => string, problem: TracingProblem) {
  const sampler = (set("OTEL_TRACES_SAMPLER").toLowerCase() ||
    "parentbased_always_on") as TraceSamplerName;
  if (!TRACE_SAMPLERS.includes(sampler)) {
    problem("OTEL_TRACES_SAMPLER", `must be one of ${TRACE_SAMPLERS.join(", ")}`);
  }
  const arg = set("OTEL_TRACES_SAMPLER_ARG");
  const ratio = arg === "" ? 1 : Number(arg);
  if (!(ratio >= 0 && ratio <= 1)) {
    problem("OTEL_TRACES_SAMPLER_ARG", "must be a number from 0 to 1 (the share of traces kept)");
  }
  const batch: Partial<Record<BatchSetting, number>> = {};
  for (const [variable, option] of Object.entries(BATCH_VARIABLES)) {
    const raw = set(variable);
    if (raw === "") continue;
    const value = Number(raw);
    if (Number.isInteger(value) && value > 0) batch[option] = value;
    else problem(variable, "must be a whole number above 0");
  }
  return { sampler, ratio, batch };
}

/**
 * Tracing is on when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is
 * set, unless `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`. The SDK of 3.x no
 * longer reads the sampler variables, so they are read here (default `parentbased_always_on`).
 * Every `OTEL_*` setting is checked whether tracing is on or off: a wrong one is refused the
 * same way, never silently ignored until the day tracing is turned on.
 */
export function resolveTracingConfig(env: Env, problem: TracingProblem): TracingConfig | null {
  const set = (name: string) => (env[name] ?? "").trim();
  checkOtlpTransport(set, problem);
  const exporter = set("OTEL_TRACES_EXPORTER").toLowerCase();
  if (exporter !== "" && exporter !== "otlp" && exporter !== "none") {
    problem("OTEL_TRACES_EXPORTER", 'must be "otlp" or "none": the relay exports over OTLP/HTTP');
  }
  const { sampler, ratio, batch } = readSampling(set, problem);
  if (set("OTEL_EXPORTER_OTLP_ENDPOINT") === "" && set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") === "")
    return null;
  if (set("OTEL_SDK_DISABLED").toLowerCase() === "true" || exporter === "none") return null;
  return Object.freeze({ sampler, ratio, batch: Object.freeze(batch) });
}
