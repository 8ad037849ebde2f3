import { describe, expect, it } from "vitest";
import { resolveTracingConfig } from "../../../relay/config/tracing-config.ts";

function resolve(env: Record<string, string>) {
  const problems: string[] = [];
  const config = resolveTracingConfig(env, (variable, message) =>
    problems.push(`${variable} ${message}`),
  );
  return { config, problems };
}

const ENDPOINT = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" };

describe("resolveTracingConfig", () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: " " }, false],
    [ENDPOINT, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://127.0.0.1:4318/v1/traces" }, true],
    [{ ...ENDPOINT, OTEL_SDK_DISABLED: "true" }, false],
    [{ ...ENDPOINT, OTEL_TRACES_EXPORTER: "none" }, false],
    [{ ...ENDPOINT, OTEL_TRACES_EXPORTER: "otlp" }, true],
  ])("resolveTracingConfig(%j) turns tracing on: %s", (env, on) => {
    expect(resolve(env).config !== null).toBe(on);
  });

  it("resolveTracingConfig defaults to the parent-based always-on sampler and the SDK's batching", () => {
    expect(resolve(ENDPOINT)).toEqual({
      config: { sampler: "parentbased_always_on", ratio: 1, batch: {} },
      problems: [],
    });
  });

  it("resolveTracingConfig reads the sampler and the batch settings", () => {
    const { config } = resolve({
      ...ENDPOINT,
      OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
      OTEL_TRACES_SAMPLER_ARG: "0.25",
      OTEL_BSP_SCHEDULE_DELAY: "200",
      OTEL_BSP_MAX_QUEUE_SIZE: "4096",
    });
    expect(config).toEqual({
      sampler: "parentbased_traceidratio",
      ratio: 0.25,
      batch: { scheduledDelayMillis: 200, maxQueueSize: 4096 },
    });
  });

  it.each([
    ["OTEL_TRACES_SAMPLER", "sometimes"],
    ["OTEL_TRACES_SAMPLER_ARG", "1.5"],
    ["OTEL_TRACES_SAMPLER_ARG", "half"],
    ["OTEL_BSP_SCHEDULE_DELAY", "-1"],
    ["OTEL_BSP_MAX_EXPORT_BATCH_SIZE", "1.5"],
    ["OTEL_TRACES_EXPORTER", "zipkin"],
    ["OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"],
    ["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "grpc"],
  ])(
    "resolveTracingConfig refuses %s=%s, naming it, with tracing on and off",
    (variable, value) => {
      for (const base of [ENDPOINT, {}]) {
        const { problems } = resolve({ ...base, [variable]: value });
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(new RegExp(`^${variable} must`));
      }
    },
  );

  it.each([
    ["OTEL_EXPORTER_OTLP_ENDPOINT", "not-a-url"],
    ["OTEL_EXPORTER_OTLP_ENDPOINT", "otel-collector:4318"],
    ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "ftp://collector/v1/traces"],
  ])("resolveTracingConfig refuses %s=%s, naming it", (variable, value) => {
    const { problems } = resolve({ [variable]: value });
    expect(problems).toEqual([
      `${variable} must be an http(s) URL of the collector (e.g. http://otel-collector:4318)`,
    ]);
  });

  it("resolveTracingConfig takes a plain-HTTP collector and the OTLP/HTTP protocols", () => {
    for (const protocol of ["http/json", "http/protobuf"]) {
      expect(
        resolve({
          OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector:4318",
          OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
        }).problems,
      ).toEqual([]);
    }
  });
});
