import { z } from "zod";
import { readSettings } from "../../src/shared/settings/read-settings.ts";

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

/** `OTEL_BSP_*` to the batch processor's option (the specification's names; the 3.x SDK reads none). */
export const BATCH_VARIABLES = Object.freeze({
  OTEL_BSP_SCHEDULE_DELAY: "scheduledDelayMillis",
  OTEL_BSP_EXPORT_TIMEOUT: "exportTimeoutMillis",
  OTEL_BSP_MAX_QUEUE_SIZE: "maxQueueSize",
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: "maxExportBatchSize",
} as const);
type BatchSetting = (typeof BATCH_VARIABLES)[keyof typeof BATCH_VARIABLES];

/** Tracing as the standard `OTEL_*` variables set it; the exporter reads its own ones. */
export interface TracingConfig {
  readonly sampler: TraceSamplerName;
  /** `OTEL_TRACES_SAMPLER_ARG` for the ratio samplers. @default 1 */
  readonly ratio: number;
  /** The batch span processor's `OTEL_BSP_*` settings that are set (the SDK's defaults otherwise). */
  readonly batch: Readonly<Partial<Record<BatchSetting, number>>>;
}

/** A problem with one variable, as the relay's configuration reports it. */
export type TracingProblem = (variable: string, message: string) => void;

/** `OTEL_EXPORTER_OTLP_PROTOCOL` values the relay's exporter honours (it sends OTLP/HTTP JSON). */
const OTLP_PROTOCOLS = Object.freeze(["http/json", "http/protobuf"] as const);

const lowerCase = z.string().transform((s) => s.toLowerCase());

const collectorUrl = z
  .string()
  .refine(
    (value) => /^https?:\/\/[^/?#]/i.test(value) && URL.canParse(value),
    "must be an http(s) URL of the collector (e.g. http://otel-collector:4318)",
  );

const otlpProtocol = lowerCase.pipe(
  z.enum(OTLP_PROTOCOLS, {
    error: `must be ${OTLP_PROTOCOLS.join(" or ")}: the relay exports over OTLP/HTTP (sent as JSON, which every OTLP/HTTP collector takes); gRPC is not supported, so point the endpoint at the collector's HTTP port (4318)`,
  }),
);

const batchSize = z
  .string()
  .regex(/^\d+$/, "must be a whole number above 0")
  .transform(Number)
  .pipe(z.number().int().min(1, "must be a whole number above 0"));

// Policy as data: every `OTEL_*` variable the relay reads, its parser, message and default.
// All are checked whether tracing is on or off: a wrong one is refused the same way, never
// silently ignored until the day tracing is turned on.
export const TRACING_VARIABLES = {
  OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: collectorUrl.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
  OTEL_TRACES_EXPORTER: lowerCase
    .pipe(
      z.enum(["otlp", "none"], {
        error: 'must be "otlp" or "none": the relay exports over OTLP/HTTP',
      }),
    )
    .optional(),
  OTEL_SDK_DISABLED: lowerCase.optional(),
  // The SDK of 3.x no longer reads the sampler variables, so they are read here.
  OTEL_TRACES_SAMPLER: lowerCase
    .pipe(z.enum(TRACE_SAMPLERS, { error: `must be one of ${TRACE_SAMPLERS.join(", ")}` }))
    .default("parentbased_always_on"),
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .transform(Number)
    .pipe(
      z
        .number({ error: "must be a number from 0 to 1 (the share of traces kept)" })
        .min(0, "must be a number from 0 to 1 (the share of traces kept)")
        .max(1, "must be a number from 0 to 1 (the share of traces kept)"),
    )
    .default(1),
  OTEL_BSP_SCHEDULE_DELAY: batchSize.optional(),
  OTEL_BSP_EXPORT_TIMEOUT: batchSize.optional(),
  OTEL_BSP_MAX_QUEUE_SIZE: batchSize.optional(),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: batchSize.optional(),
} as const;

/**
 * Tracing is on when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is
 * set, unless `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`; null when off. Every
 * variable of {@link TRACING_VARIABLES} is read and checked either way (one problem each).
 */
export function resolveTracingConfig(
  env: Readonly<Record<string, string | undefined>>,
  problem: TracingProblem,
): TracingConfig | null {
  const { values, problems } = readSettings(TRACING_VARIABLES, (name) => env[name]?.trim());
  for (const { setting, message } of problems) problem(setting, message);
  if (problems.length > 0) return null;
  const batch: Partial<Record<BatchSetting, number>> = {};
  for (const [variable, option] of Object.entries(BATCH_VARIABLES)) {
    const value = values[variable as keyof typeof BATCH_VARIABLES];
    if (value !== undefined) batch[option] = value;
  }
  const endpoint = values.OTEL_EXPORTER_OTLP_ENDPOINT ?? values.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (endpoint === undefined) return null;
  if (values.OTEL_SDK_DISABLED === "true" || values.OTEL_TRACES_EXPORTER === "none") return null;
  return Object.freeze({
    sampler: values.OTEL_TRACES_SAMPLER ?? "parentbased_always_on",
    ratio: values.OTEL_TRACES_SAMPLER_ARG ?? 1,
    batch: Object.freeze(batch),
  });
}
