import { describe, expect, it } from "vitest";
import { errorFromResponse } from "../../../src/api/errors/error-from-response.ts";
import {
  DomainError,
  HttpError,
  RateLimitError,
  TierNotAuthorizedError,
  ValidationError,
} from "../../../src/api/index.ts";
import { LIVE_KEY } from "../../fixtures/api-responses.ts";

describe("errorFromResponse", () => {
  it.each([
    [401, { detail: "Missing X-API-Key header" }, DomainError, "Missing X-API-Key header"],
    [401, { detail: "Invalid API key" }, DomainError, "Invalid API key"],
    [401, { detail: "This API key has expired" }, DomainError, "This API key has expired"],
    [
      401,
      { detail: "This API key has been revoked" },
      DomainError,
      "This API key has been revoked",
    ],
    [400, { detail: "simulationDelaySeconds requires a sandbox key" }, DomainError, "sandbox key"],
    [403, { detail: "Invalid blob path" }, DomainError, "Invalid blob path"],
    [404, { detail: "Submission not found" }, DomainError, "Submission not found"],
    [409, { detail: "abc/ad.pdf was already submitted" }, DomainError, "already submitted"],
    [
      413,
      { detail: "File too large; use the presigned upload URL" },
      DomainError,
      "File too large",
    ],
    [415, { detail: "Unsupported content type" }, DomainError, "Unsupported content type"],
    [500, { detail: "Storage error" }, DomainError, "Storage error"],
    [502, { detail: "Could not load issues" }, DomainError, "Could not load issues"],
    [503, "<html>oops</html>", HttpError, "HTTP 503"],
  ])("errorFromResponse maps %i with a domain body to %o", (status, body, type, text) => {
    const error = errorFromResponse({ operation: "getSubmission", status, body });
    expect(error).toBeInstanceOf(type);
    expect(error.status).toBe(status);
    expect(error.operation).toBe("getSubmission");
    expect(error.message).toContain(text);
    expect(error.message).toContain("getSubmission failed with HTTP");
    expect(error.body).toEqual(body);
  });

  it.each([
    ["getSubmission", /does not exist in this key's workspace\.$/],
    ["listAssetIssues", /issues are served only once the asset has finished processing/],
    ["listAssetTopics", /topics are served only once the asset has finished processing/],
  ])("errorFromResponse gives %s's 404 the hint that fits the operation", (operation, hint) => {
    const error = errorFromResponse({ operation, status: 404, body: { detail: "Not found" } });
    expect(error.message).toMatch(hint);
  });

  it.each([
    ["createUploadUrl", "POST /api/uploads/url"],
    ["estimatePrice", "POST /api/pricing/estimate"],
    ["listAssets", "GET /api/assets"],
    ["getTimeSavedInsight", "GET /api/insights/processing/time-saved"],
  ])(
    "errorFromResponse says a 404 on %s, which documents none, means a wrong base URL",
    (operation, route) => {
      const error = errorFromResponse({
        operation,
        status: 404,
        body: "<html>Not Found</html>",
        baseUrl: "https://www.example.com/v1",
        baseUrlSetting: "CONTENT_REVIEW_BASE_URL",
      });
      expect(error.message).toBe(
        `${operation} failed with HTTP 404. The base URL is probably wrong: the service always has ${route}, but https://www.example.com/v1 answered 404 for it. Set CONTENT_REVIEW_BASE_URL to the service's address, under which every path starts with /api (e.g. https://review.example.com): not the service's website, and without /api or a version such as /v1 at the end.`,
      );
    },
  );

  it.each([
    ["getSubmission", "Check the id"],
    ["fireSandboxEvent", "Check the id"],
    ["deleteWebhookSubscription", "Check the id"],
    ["uploadBlob", "Check the id"],
  ])(
    "errorFromResponse keeps a 404 on %s, which can be a real not-found, off the base URL",
    (operation, hint) => {
      const error = errorFromResponse({
        operation,
        status: 404,
        body: { detail: "Not found" },
        baseUrl: "https://review.example.com",
      });
      expect(error.message).toContain(hint);
      expect(error.message).not.toContain("base URL");
    },
  );

  it.each([
    ["getSubmission", "<html><body>Not Found</body></html>"],
    ["deleteWebhookSubscription", ""],
    ["listAssetIssues", { message: "Not Found" }],
  ])(
    "errorFromResponse says a 404 on %s without the service's error body means a wrong base URL, not a wrong id",
    (operation, body) => {
      const error = errorFromResponse({
        operation,
        status: 404,
        body,
        baseUrl: "https://www.example.com",
        baseUrlSetting: "CONTENT_REVIEW_BASE_URL",
      });
      expect(error.message).toContain(
        "The base URL is probably wrong: https://www.example.com answered 404 for",
      );
      expect(error.message).toContain("without the service's error body");
      expect(error.message).toContain("if the address is right, check the id");
      expect(error.message).toContain("Set CONTENT_REVIEW_BASE_URL to the service's address");
    },
  );

  it("errorFromResponse never blames the base URL for a storage 404 (uploadBlob goes to another host)", () => {
    const error = errorFromResponse({
      operation: "uploadBlob",
      status: 404,
      body: "<Error><Code>NoSuchBucket</Code></Error>",
      baseUrl: "https://review.example.com",
    });
    expect(error.message).not.toContain("base URL");
  });

  it("errorFromResponse reads the 402 tier body and its bucket", () => {
    const error = errorFromResponse({
      operation: "createSubmission",
      status: 402,
      body: {
        error_code: "tier_not_authorized_for_integrations_api",
        message: "Upgrade",
        bucket: "submission_write",
      },
    });
    expect(error).toBeInstanceOf(TierNotAuthorizedError);
    expect((error as TierNotAuthorizedError).bucket).toBe("submission_write");
    expect(error.message).toMatch(/Upgrade.*submission_write.*upgrade the plan/);
  });

  it("errorFromResponse reads the 429 body with retryAfterSeconds", () => {
    const error = errorFromResponse({
      operation: "getSubmission",
      status: 429,
      body: { error: "Rate limit exceeded" },
      retryAfterSeconds: 12,
      bucket: "submission_read",
    });
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(12);
    expect((error as RateLimitError).bucket).toBe("submission_read");
    expect(error.message).toContain("Retry-After 12 s");
  });

  it.each([
    [
      "the service shape",
      {
        error: "validation_error",
        message: "Invalid request",
        fields: [{ field: "assets", message: "required" }],
      },
      [{ field: "assets", message: "required" }],
    ],
    [
      "the published-schema shape",
      {
        detail: [
          { loc: ["body", "assets", 0, "blobPath"], msg: "Field required", type: "missing" },
        ],
      },
      [{ field: "body.assets.0.blobPath", message: "Field required" }],
    ],
  ])("errorFromResponse normalises a 422 in %s", (_, body, fields) => {
    const error = errorFromResponse({ operation: "createSubmission", status: 422, body });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual(fields);
    expect(error.message).toContain(fields[0]!.field);
  });

  it("errorFromResponse redacts the API key from the message and the kept body", () => {
    const error = errorFromResponse({
      operation: "getSubmission",
      status: 401,
      body: { detail: `Invalid API key ${LIVE_KEY}` },
      secrets: [LIVE_KEY],
    });
    expect(error.message).not.toContain(LIVE_KEY);
    expect(JSON.stringify(error.body)).not.toContain(LIVE_KEY);
    expect(JSON.stringify({ ...error, stack: error.stack })).not.toContain(LIVE_KEY);
  });
});
