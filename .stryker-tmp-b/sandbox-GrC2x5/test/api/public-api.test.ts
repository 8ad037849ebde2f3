// @ts-nocheck
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  AssetResult,
  ContentReviewClient,
  IssueListResponse,
  Submission,
  TopicsResponse,
  UploadedFile,
  WebhookSubscription,
} from "../../src/api/index.ts";
import * as api from "../../src/api/index.ts";

describe("src/api public surface", () => {
  it("src/api exports the client, every error class with its type guard, and the helpers", () => {
    const errors = [
      "ContentReviewError",
      "HttpError",
      "DomainError",
      "ValidationError",
      "RateLimitError",
      "TierNotAuthorizedError",
      "NetworkError",
      "TimeoutError",
      "AmbiguousRequestError",
      "ResponseValidationError",
      "ConfigurationError",
      "LocalFileError",
      "WaitTimeoutError",
    ];
    for (const name of errors) {
      const ErrorClass = (api as Record<string, unknown>)[name] as new (...args: never[]) => Error;
      expect(typeof ErrorClass, name).toBe("function");
      expect(typeof (api as Record<string, unknown>)[`is${name}`], `is${name}`).toBe("function");
    }
    for (const name of [
      "ContentReviewClient",
      "waitForSubmission",
      "iterateAssets",
      "redact",
      "parseApiKey",
      "checkLocalFile",
    ]) {
      expect(typeof (api as Record<string, unknown>)[name], name).toBe("function");
    }
  });

  it("ContentReviewClient methods are typed with the generated response types", () => {
    expectTypeOf<
      ContentReviewClient["getSubmission"]
    >().returns.resolves.toEqualTypeOf<Submission>();
    expectTypeOf<ContentReviewClient["getAsset"]>().returns.resolves.toEqualTypeOf<AssetResult>();
    expectTypeOf<
      ContentReviewClient["listAssetIssues"]
    >().returns.resolves.toEqualTypeOf<IssueListResponse>();
    expectTypeOf<
      ContentReviewClient["listAssetTopics"]
    >().returns.resolves.toEqualTypeOf<TopicsResponse>();
    expectTypeOf<
      ContentReviewClient["createWebhookSubscription"]
    >().returns.resolves.toEqualTypeOf<WebhookSubscription>();
    expectTypeOf<
      ContentReviewClient["deleteWebhookSubscription"]
    >().returns.resolves.toEqualTypeOf<void>();
    expectTypeOf<
      ContentReviewClient["uploadFile"]
    >().returns.resolves.toEqualTypeOf<UploadedFile>();
    expectTypeOf<ContentReviewClient["isSandbox"]>().toEqualTypeOf<boolean>();
    expectTypeOf<ContentReviewClient["getSubmission"]>().parameter(0).toEqualTypeOf<string>();
  });
});
