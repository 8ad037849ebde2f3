import { redact } from "../shared/redact.ts";
import { type KeyEnvironment, parseApiKey } from "./api-key.ts";
import { type CallSpec, callOperation } from "./call-operation.ts";
import {
  type ClientOptions,
  type ResolvedClientOptions,
  resolveClientOptions,
} from "./client-options.ts";
import type { OperationId } from "./generated/operations.gen.ts";
import type * as T from "./generated/types.gen.ts";
import { type AssetQuery, iterateAssets } from "./iterate-assets.ts";
import { type UploadedFile, type UploadFileOptions, uploadFile } from "./upload-file.ts";
import { userAgent } from "./version.ts";
import { type WaitOptions, waitForSubmission } from "./wait-for-submission.ts";

/** Per-call options accepted by every method. */
export interface CallOptions {
  /** Aborts the call, including retry waits. */
  readonly signal?: AbortSignal;
}

/** Query of `listWebhookSubscriptions` and `listWebhookDeliveries`. */
export interface PageQuery {
  readonly page?: number;
  readonly pageSize?: number;
}

/**
 * The typed client of the Content Review Service: one method per operation of the spec,
 * validated responses, typed errors, retries as policy, and secrets kept out of every message.
 *
 * @example
 * const client = new ContentReviewClient({ apiKey, baseUrl, caller: "cli" });
 * const { blobPath } = await client.uploadFile("media/ad.mp4");
 * const submission = await client.createSubmission({ assets: [{ blobPath }], sidekickIds: ["brand"] });
 * const done = await client.waitForSubmission(submission.submissionId, { timeoutMs: 600_000 });
 */
export class ContentReviewClient {
  /** `live` or `sandbox`, from the key's prefix (part 5 rule 2). */
  readonly environment: KeyEnvironment;
  readonly #options: ResolvedClientOptions;
  readonly #userAgent: string;

  constructor(options: ClientOptions) {
    this.environment = parseApiKey(options.apiKey);
    this.#options = resolveClientOptions(options);
    this.#userAgent = userAgent(this.#options.caller);
  }

  /** True for an `sk_test_` key. */
  get isSandbox(): boolean {
    return this.environment === "sandbox";
  }

  /** The service base URL. */
  get baseUrl(): string {
    return this.#options.baseUrl.toString().replace(/\/$/, "");
  }

  /** The resolved options, for helpers built on the client (the key is not exposed). */
  get timing(): Pick<
    ResolvedClientOptions,
    "now" | "random" | "retry" | "timeoutMs" | "onRetry" | "proxy"
  > {
    const { now, random, retry, timeoutMs, onRetry, proxy } = this.#options;
    return { now, random, retry, timeoutMs, onRetry, proxy };
  }

  /** `text` with this client's API key (and anything shaped like a secret) replaced. */
  redact(text: string): string {
    return redact(text, this.#secrets);
  }

  get #secrets(): readonly string[] {
    return [this.#options.apiKey];
  }

  // 4.1
  createUploadUrl(
    body: T.UploadUrlRequest,
    options: CallOptions = {},
  ): Promise<T.UploadUrlResponse> {
    return this.#call("createUploadUrl", { body, signal: options.signal });
  }

  // 4.2
  estimatePrice(
    body: T.PriceEstimateRequest,
    options: CallOptions = {},
  ): Promise<T.PriceEstimateResponse> {
    return this.#call("estimatePrice", { body, signal: options.signal });
  }

  // 4.3
  createSubmission(
    body: T.CreateSubmissionRequest,
    options: CallOptions & { simulationDelaySeconds?: number } = {},
  ): Promise<T.Submission> {
    return this.#call("createSubmission", {
      body,
      query: { simulationDelaySeconds: options.simulationDelaySeconds },
      signal: options.signal,
    });
  }

  // 4.4
  listAssets(query: AssetQuery, options: CallOptions = {}): Promise<T.AssetListResponse> {
    return this.#call("listAssets", {
      query: {
        tagKeyIds: query.tagKeyIds,
        tagValueIds: query.tagValueIds,
        tagMatch: query.tagMatch,
        page: query.page,
        pageSize: query.pageSize,
      },
      signal: options.signal,
    });
  }

  /** Every asset matching the tag filter, across all pages (part 4.4). */
  iterateAssets(query: AssetQuery, options: CallOptions = {}): AsyncIterable<T.AssetResult> {
    return iterateAssets((page) => this.listAssets(page, options), query);
  }

  // 4.5
  getSubmission(submissionId: string, options: CallOptions = {}): Promise<T.Submission> {
    return this.#call("getSubmission", { path: { submissionId }, signal: options.signal });
  }

  // 4.6
  getAsset(
    submissionId: string,
    assetId: string,
    options: CallOptions = {},
  ): Promise<T.AssetResult> {
    return this.#call("getAsset", { path: { submissionId, assetId }, signal: options.signal });
  }

  // 4.7
  listAssetIssues(
    submissionId: string,
    assetId: string,
    options: CallOptions = {},
  ): Promise<T.IssueListResponse> {
    return this.#call("listAssetIssues", {
      path: { submissionId, assetId },
      signal: options.signal,
    });
  }

  // 4.8
  listAssetTopics(
    submissionId: string,
    assetId: string,
    options: CallOptions = {},
  ): Promise<T.TopicsResponse> {
    return this.#call("listAssetTopics", {
      path: { submissionId, assetId },
      signal: options.signal,
    });
  }

  // 4.9
  listSubmissionVersions(
    submissionId: string,
    options: CallOptions = {},
  ): Promise<T.VersionListResponse> {
    return this.#call("listSubmissionVersions", { path: { submissionId }, signal: options.signal });
  }

  // 4.10
  retryAsset(
    submissionId: string,
    assetId: string,
    options: CallOptions = {},
  ): Promise<T.RetryAssetResponse> {
    return this.#call("retryAsset", { path: { submissionId, assetId }, signal: options.signal });
  }

  // 4.11
  createWebhookSubscription(
    body: T.CreateWebhookSubscriptionRequest,
    options: CallOptions = {},
  ): Promise<T.WebhookSubscription> {
    return this.#call("createWebhookSubscription", { body, signal: options.signal });
  }

  listWebhookSubscriptions(
    query: PageQuery = {},
    options: CallOptions = {},
  ): Promise<T.WebhookSubscriptionList> {
    return this.#call("listWebhookSubscriptions", {
      query: { page: query.page, pageSize: query.pageSize },
      signal: options.signal,
    });
  }

  getWebhookSubscription(
    subscriptionId: string,
    options: CallOptions = {},
  ): Promise<T.WebhookSubscription> {
    return this.#call("getWebhookSubscription", {
      path: { subscriptionId },
      signal: options.signal,
    });
  }

  updateWebhookSubscription(
    subscriptionId: string,
    body: T.UpdateWebhookSubscriptionRequest,
    options: CallOptions = {},
  ): Promise<T.WebhookSubscription> {
    return this.#call("updateWebhookSubscription", {
      path: { subscriptionId },
      body,
      signal: options.signal,
    });
  }

  deleteWebhookSubscription(subscriptionId: string, options: CallOptions = {}): Promise<void> {
    return this.#call("deleteWebhookSubscription", {
      path: { subscriptionId },
      signal: options.signal,
    });
  }

  listWebhookDeliveries(
    subscriptionId: string,
    query: PageQuery = {},
    options: CallOptions = {},
  ): Promise<T.WebhookDeliveryList> {
    return this.#call("listWebhookDeliveries", {
      path: { subscriptionId },
      query: { page: query.page, pageSize: query.pageSize },
      signal: options.signal,
    });
  }

  // 4.12
  fireSandboxEvent(
    body: T.FireSandboxEventRequest,
    options: CallOptions = {},
  ): Promise<T.FireSandboxEventResponse> {
    return this.#call("fireSandboxEvent", { body, signal: options.signal });
  }

  // 4.13
  getTimeSavedInsight(
    query: { days?: number; manualBaselineSeconds?: number } = {},
    options: CallOptions = {},
  ): Promise<T.TimeSavedInsight> {
    return this.#call("getTimeSavedInsight", { query, signal: options.signal });
  }

  getViolationRateInsight(options: CallOptions = {}): Promise<T.ViolationRateInsight> {
    return this.#call("getViolationRateInsight", { signal: options.signal });
  }

  getProcessingDurationInsight(options: CallOptions = {}): Promise<T.DurationInsight> {
    return this.#call("getProcessingDurationInsight", { signal: options.signal });
  }

  getTopViolationsInsight(
    query: { days?: number; limit?: number } = {},
    options: CallOptions = {},
  ): Promise<T.TopViolationsInsight> {
    return this.#call("getTopViolationsInsight", { query, signal: options.signal });
  }

  /** Polls a submission until its status is terminal. See {@link waitForSubmission}. */
  waitForSubmission(submissionId: string, options: WaitOptions = {}): Promise<T.Submission> {
    return waitForSubmission(this, submissionId, options);
  }

  /** Uploads one file from disk through a presigned URL. See {@link uploadFile}. */
  uploadFile(path: string, options: UploadFileOptions = {}): Promise<UploadedFile> {
    return uploadFile(this, path, options);
  }

  async #call<R>(operation: OperationId, spec: CallSpec): Promise<R> {
    return callOperation<R>(
      { options: this.#options, userAgent: this.#userAgent, secrets: this.#secrets },
      operation,
      spec,
    );
  }
}
