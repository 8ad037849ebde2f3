// @ts-nocheck
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import * as generated from "../../src/api/generated/index.ts";
import { operations, responseSchemas } from "../../src/api/generated/index.ts";

type Json = Record<string, unknown>;

const exportsByName = new Map<string, unknown>(Object.entries(generated));

const spec = parse(
  readFileSync(new URL("../../openapi/content-review.yaml", import.meta.url), "utf8"),
) as Json;
const components = spec["components"] as Record<string, Record<string, Json>>;

const BUCKETS = [
  "upload",
  "submission_write",
  "submission_read",
  "webhook_write",
  "webhook_read",
  "sandbox",
];

// The contract the client, the emulator and the CLI are written against.
const TABLE = [
  ["createUploadUrl", "post", "/api/uploads/url", "200", "upload"],
  ["estimatePrice", "post", "/api/pricing/estimate", "200", "submission_read"],
  ["createSubmission", "post", "/api/submissions", "201", "submission_write"],
  ["listAssets", "get", "/api/assets", "200", "submission_read"],
  ["getSubmission", "get", "/api/submissions/{submissionId}", "200", "submission_read"],
  ["getAsset", "get", "/api/submissions/{submissionId}/assets/{assetId}", "200", "submission_read"],
  [
    "listAssetIssues",
    "get",
    "/api/submissions/{submissionId}/assets/{assetId}/issues",
    "200",
    "submission_read",
  ],
  [
    "listAssetTopics",
    "get",
    "/api/submissions/{submissionId}/assets/{assetId}/topics",
    "200",
    "submission_read",
  ],
  [
    "listSubmissionVersions",
    "get",
    "/api/submissions/{submissionId}/versions",
    "200",
    "submission_read",
  ],
  [
    "retryAsset",
    "post",
    "/api/submissions/{submissionId}/assets/{assetId}/retry",
    "202",
    "submission_write",
  ],
  ["createWebhookSubscription", "post", "/api/webhooks/subscriptions", "201", "webhook_write"],
  ["listWebhookSubscriptions", "get", "/api/webhooks/subscriptions", "200", "webhook_read"],
  [
    "getWebhookSubscription",
    "get",
    "/api/webhooks/subscriptions/{subscriptionId}",
    "200",
    "webhook_read",
  ],
  [
    "updateWebhookSubscription",
    "patch",
    "/api/webhooks/subscriptions/{subscriptionId}",
    "200",
    "webhook_write",
  ],
  [
    "deleteWebhookSubscription",
    "delete",
    "/api/webhooks/subscriptions/{subscriptionId}",
    "204",
    "webhook_write",
  ],
  [
    "listWebhookDeliveries",
    "get",
    "/api/webhooks/subscriptions/{subscriptionId}/deliveries",
    "200",
    "webhook_read",
  ],
  ["fireSandboxEvent", "post", "/api/sandbox/events/fire", "200", "sandbox"],
  ["getTimeSavedInsight", "get", "/api/insights/processing/time-saved", "200", "submission_read"],
  [
    "getViolationRateInsight",
    "get",
    "/api/insights/assets/violation-rate",
    "200",
    "submission_read",
  ],
  [
    "getProcessingDurationInsight",
    "get",
    "/api/insights/processing/duration",
    "200",
    "submission_read",
  ],
  [
    "getTopViolationsInsight",
    "get",
    "/api/insights/rules/top-violations",
    "200",
    "submission_read",
  ],
] as const;

const SCHEMA_NAMES = [
  "SubmissionStatus",
  "AssetResult",
  "Tag",
  "ContextItem",
  "PaginationMeta",
  "Issue",
  "Precedent",
  "Contributor",
  "Evidence",
  "IssueListResponse",
  "Topic",
  "TopicSummary",
  "TopicsMetadata",
  "TopicsResponse",
  "VersionEntry",
  "VersionListResponse",
  "Submission",
  "SubmissionAsset",
  "UploadUrlRequest",
  "UploadUrlResponse",
  "PriceEstimateRequest",
  "PriceEstimateFile",
  "PriceEstimateResponse",
  "CreateSubmissionRequest",
  "SubmissionAssetInput",
  "TagInput",
  "AssetListResponse",
  "RetryAssetResponse",
  "WebhookEventType",
  "CreateWebhookSubscriptionRequest",
  "UpdateWebhookSubscriptionRequest",
  "WebhookSubscription",
  "WebhookSubscriptionList",
  "WebhookDelivery",
  "WebhookDeliveryList",
  "FireSandboxEventRequest",
  "FireSandboxEventResponse",
  "TimeSavedInsight",
  "ViolationRatePoint",
  "ViolationRateInsight",
  "DurationInsight",
  "TopViolation",
  "TopViolationsInsight",
  "DomainError",
  "ServiceValidationError",
  "HTTPValidationError",
  "ValidationErrorBody",
  "RateLimitError",
  "TierNotAuthorizedError",
  "WebhookEvent",
  "AssetProcessingCompletedData",
  "AssetProcessingFailedData",
];

// Part 7: the body shape of each error status.
const ERROR_BODIES: Record<string, string> = {
  "400": "DomainError",
  "401": "DomainError",
  "402": "TierNotAuthorizedError",
  "403": "DomainError",
  "404": "DomainError",
  "409": "DomainError",
  "413": "DomainError",
  "415": "DomainError",
  "422": "ValidationErrorBody",
  "429": "RateLimitError",
  "500": "DomainError",
  "502": "DomainError",
};

function deref(node: unknown): Json {
  let current = node as Json;
  while (typeof current["$ref"] === "string") {
    let target: unknown = spec;
    for (const part of (current["$ref"] as string).slice(2).split("/")) {
      target = (target as Json)[part];
    }
    expect(target, `unresolvable ${String(current["$ref"])}`).toBeDefined();
    current = target as Json;
  }
  return current;
}

const allOperations = Object.entries(spec["paths"] as Record<string, Json>).flatMap(
  ([path, item]) =>
    ["get", "post", "put", "patch", "delete"]
      .filter((method) => item[method] !== undefined)
      .map((method) => ({ path, method, op: item[method] as Json })),
);

function jsonSchemaRef(response: Json): string | undefined {
  const content = response["content"] as Json | undefined;
  const schema = (content?.["application/json"] as Json | undefined)?.["schema"] as
    | Json
    | undefined;
  return schema?.["$ref"] as string | undefined;
}

describe("openapi/content-review.yaml", () => {
  it("content-review.yaml is OpenAPI 3.1 version 1.0.0 with X-API-Key auth", () => {
    expect(spec["openapi"]).toMatch(/^3\.1\./);
    expect((spec["info"] as Json)["version"]).toBe("1.0.0");
    expect(components["securitySchemes"]?.["ApiKeyAuth"]).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
    });
    expect(spec["security"]).toEqual([{ ApiKeyAuth: [] }]);
  });

  it("content-review.yaml has exactly the operations of the table", () => {
    expect(allOperations.map((o) => o.op["operationId"]).sort()).toEqual(
      TABLE.map((row) => row[0]).sort(),
    );
  });

  it.each(TABLE)(
    "content-review.yaml: %s is %s %s, answers %s, counts against %s",
    (operationId, method, path, success, bucket) => {
      const found = allOperations.find((o) => o.op["operationId"] === operationId);
      expect(found).toMatchObject({ method, path });
      const op = found!.op;
      expect(op["x-rate-limit-bucket"]).toBe(bucket);
      const successCodes = Object.keys(op["responses"] as Json).filter((c) => c.startsWith("2"));
      expect(successCodes).toEqual([success]);
    },
  );

  it.each(allOperations.map((o) => [o.op["operationId"] as string, o] as const))(
    "content-review.yaml: %s has a known bucket and the 401/402/422/429 error responses",
    (_id, { op }) => {
      expect(BUCKETS).toContain(op["x-rate-limit-bucket"]);
      const responses = op["responses"] as Json;
      for (const code of ["401", "402", "422", "429"])
        expect(Object.keys(responses)).toContain(code);
      for (const [code, response] of Object.entries(responses)) {
        if (/^2/.test(code)) continue;
        const expected = ERROR_BODIES[code];
        expect(expected, `unexpected status ${code}`).toBeDefined();
        expect(jsonSchemaRef(deref(response))).toBe(`#/components/schemas/${expected}`);
      }
      expect(Object.keys(deref(responses["429"]!)["headers"] as Json)).toEqual(["Retry-After"]);
    },
  );

  it("content-review.yaml: no schema reachable from a response is closed with additionalProperties: false", () => {
    const seen = new Set<unknown>();
    const closed: string[] = [];
    let visited = 0;
    const walk = (node: unknown, where: string): void => {
      if (node === null || typeof node !== "object" || seen.has(node)) return;
      seen.add(node);
      const schema = deref(node);
      visited++;
      if (schema["additionalProperties"] === false) closed.push(where);
      for (const [key, value] of Object.entries(schema)) {
        if (Array.isArray(value)) {
          for (const [i, v] of value.entries()) walk(v, `${where}/${key}/${i}`);
        } else if (key === "properties") {
          for (const [name, child] of Object.entries(value as Json))
            walk(child, `${where}.${name}`);
        } else if (typeof value === "object") walk(value, `${where}/${key}`);
      }
    };
    for (const { op } of allOperations) {
      for (const [code, response] of Object.entries(op["responses"] as Json)) {
        const content = deref(response)["content"] as Record<string, Json> | undefined;
        for (const media of Object.values(content ?? {})) {
          walk(media["schema"], `${String(op["operationId"])} ${code}`);
        }
      }
    }
    expect(visited).toBeGreaterThan(50);
    expect(closed).toEqual([]);
  });

  it("content-review.yaml: every x-assumption is a non-empty sentence", () => {
    const found: unknown[] = [];
    const walk = (node: unknown): void => {
      if (node === null || typeof node !== "object") return;
      for (const [key, value] of Object.entries(node)) {
        if (key === "x-assumption") found.push(value);
        else walk(value);
      }
    };
    walk(spec);
    expect(found.length).toBeGreaterThan(20);
    for (const note of found) {
      expect(typeof note).toBe("string");
      expect((note as string).trim().length).toBeGreaterThan(10);
    }
  });

  it.each(SCHEMA_NAMES)("content-review.yaml defines schema %s and a generated z%s", (name) => {
    expect(components["schemas"]?.[name]).toBeDefined();
    expect(exportsByName.get(`z${name}`)).toBeDefined();
  });
});

describe("src/api/generated/operations.gen.ts", () => {
  it("responseSchemas covers all 21 operations, with null only for the 204 delete", () => {
    expect(Object.keys(responseSchemas).sort()).toEqual(TABLE.map((row) => row[0]).sort());
    for (const [id, schema] of Object.entries(responseSchemas)) {
      if (id === "deleteWebhookSubscription") expect(schema).toBeNull();
      else expect(typeof schema?.safeParse, id).toBe("function");
    }
  });

  it.each(TABLE)(
    "operations.%s matches the YAML (%s %s, %s, %s)",
    (operationId, method, path, success, bucket) => {
      expect(operations[operationId]).toMatchObject({
        operationId,
        method: method.toUpperCase(),
        path,
        bucket,
        successStatus: Number(success),
        idempotent: method === "get" || method === "delete",
      });
      const found = allOperations.find((o) => o.op["operationId"] === operationId)!;
      const ref = jsonSchemaRef(deref((found.op["responses"] as Json)[success]));
      const expected = ref === undefined ? null : exportsByName.get(`z${ref.split("/").pop()}`);
      expect(responseSchemas[operationId]).toBe(expected);
    },
  );

  it("operations lists path and query parameters as the YAML declares them", () => {
    expect(operations.listAssets.queryParams).toEqual([
      "tagKeyIds",
      "tagValueIds",
      "tagMatch",
      "page",
      "pageSize",
    ]);
    expect(operations.createSubmission.queryParams).toEqual(["simulationDelaySeconds"]);
    expect(operations.listAssetTopics.pathParams).toEqual(["submissionId", "assetId"]);
    expect(operations.retryAsset.hasBody).toBe(false);
    expect(operations.createSubmission.hasBody).toBe(true);
  });
});

describe("src/api/generated/zod.gen.ts", () => {
  const ids = ["11111111-1111-1111-1111-111111111111", "3fa85f64-5717-4562-b3fc-2c963f66afa6"];

  it.each([
    "2026-11-22T12:00:00Z",
    "2026-11-22T12:00:00.123456+00:00",
    "2026-11-22T12:00:00+02:00",
    "2026-11-22T12:00:00.123",
  ])("zAssetResult accepts the realistic timestamp %s and any hex UUID", (stamp) => {
    const parsed = generated.zAssetResult.safeParse({
      assetId: ids[0],
      submissionId: ids[1],
      filename: "a.mp4",
      status: "complete",
      startedAt: stamp,
      completedAt: null,
    });
    expect(parsed.error).toBeUndefined();
  });

  it("zSubmission keeps working when the service adds fields", () => {
    const parsed = generated.zSubmission.parse({
      submissionId: ids[0],
      status: "failed",
      assets: [{ assetId: ids[1], status: "failed", errorMessage: "x", newAssetField: 1 }],
      newTopLevelField: true,
    });
    expect(parsed.assets[0]?.errorMessage).toBe("x");
  });

  it.each([
    [
      "service shape",
      { error: "validation_error", message: "m", fields: [{ field: "f", message: "m" }] },
    ],
    ["FastAPI shape", { detail: [{ loc: ["body", "assets", 0], msg: "m", type: "missing" }] }],
  ])("zValidationErrorBody accepts the %s", (_name, body) => {
    expect(generated.zValidationErrorBody.safeParse(body).success).toBe(true);
  });

  it("zSubmission rejects a status outside part 3.1", () => {
    expect(
      generated.zSubmission.safeParse({ submissionId: ids[0], status: "done", assets: [] }).success,
    ).toBe(false);
  });
});
