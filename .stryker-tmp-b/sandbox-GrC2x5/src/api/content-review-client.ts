// @ts-nocheck
import type { ZodType } from "zod";
import { type KeyEnvironment, parseApiKey } from "./api-key.ts";
import {
  type ClientOptions,
  type ResolvedClientOptions,
  resolveClientOptions,
} from "./client-options.ts";
import { AmbiguousRequestError } from "./errors/ambiguous-request-error.ts";
import { ContentReviewError } from "./errors/content-review-error.ts";
import { HttpError } from "./errors/http-error.ts";
import { NetworkError } from "./errors/network-error.ts";
import { ResponseValidationError } from "./errors/response-validation-error.ts";
import { type OperationId, operations, responseSchemas } from "./generated/operations.gen.ts";
import type * as T from "./generated/types.gen.ts";
import { type AssetQuery, iterateAssets } from "./iterate-assets.ts";
import { redact, redactUrl } from "./redact.ts";
import { AMBIGUOUS_FAILURE_HINTS, decideRetry, UNSAFE_OPERATIONS } from "./retry-policy.ts";
import { sendRequest } from "./send-request.ts";
import { sleep } from "./sleep.ts";
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

type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

interface CallSpec {
  readonly path?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
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

  #url(operation: OperationId, spec: CallSpec): URL {
    const template: string = operations[operation].path;
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = spec.path?.[name];
      if (!value) {
        throw new ContentReviewError(`${operation} needs a non-empty "${name}".`, { operation });
      }
      return encodeURIComponent(value);
    });
    const url = new URL(this.#options.baseUrl.toString());
    url.pathname = `${url.pathname.replace(/\/$/, "")}${path}`;
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined) continue;
      const values = Array.isArray(value) ? value : [value];
      for (const item of values) url.searchParams.append(key, String(item));
    }
    return url;
  }

  async #call<R>(operation: OperationId, spec: CallSpec): Promise<R> {
    const options = this.#options;
    const op = operations[operation];
    const url = this.#url(operation, spec);
    const headers: Record<string, string> = {
      "X-API-Key": options.apiKey,
      Accept: "application/json",
      "User-Agent": this.#userAgent,
    };
    if (spec.body !== undefined) headers["Content-Type"] = "application/json";
    const started = options.now();
    const event = { operation, method: op.method, url: redactUrl(url) };

    for (let attempt = 1; ; attempt++) {
      options.onRequest?.({ ...event, attempt });
      const attemptStarted = options.now();
      try {
        const response = await sendRequest({
          operation,
          method: op.method,
          url,
          headers,
          body: spec.body,
          timeoutMs: options.timeoutMs,
          signal: spec.signal,
          bucket: op.bucket,
          secrets: this.#secrets,
          fetch: options.fetch,
          now: options.now,
        });
        options.onResponse?.({
          ...event,
          attempt,
          status: response.status,
          durationMs: options.now() - attemptStarted,
        });
        return this.#validate<R>(operation, response.body);
      } catch (error) {
        const status = (error as { status?: number }).status;
        options.onResponse?.({
          ...event,
          attempt,
          status,
          durationMs: options.now() - attemptStarted,
          error: error as Error,
        });
        const decision = decideRetry({
          operation,
          error,
          attempt,
          elapsedMs: options.now() - started,
          policy: options.retry,
          random: options.random,
        });
        if (!decision.retry) throw this.#final(operation, error);
        options.onRetry?.({
          operation,
          attempt,
          delayMs: decision.delayMs,
          reason: decision.reason,
          error: error as Error,
        });
        await sleep(decision.delayMs, spec.signal);
      }
    }
  }

  /** Marks a failure of an unsafe operation that was not replayed as ambiguous, with a hint. */
  #final(operation: OperationId, error: unknown): unknown {
    if (!UNSAFE_OPERATIONS.has(operation)) return error;
    const ambiguous =
      (error instanceof NetworkError && error.ambiguous) ||
      (error instanceof HttpError && error.status >= 500);
    if (!ambiguous) return error;
    const failure = error as ContentReviewError;
    return new AmbiguousRequestError(
      `${operation} may or may not have taken effect: ${failure.message}. ${AMBIGUOUS_FAILURE_HINTS[operation]}.`,
      {
        operation,
        status: failure.status,
        body: failure.body,
        cause: error,
        secrets: this.#secrets,
      },
    );
  }

  #validate<R>(operation: OperationId, body: unknown): R {
    const schema = responseSchemas[operation] as ZodType | null;
    if (schema === null) return undefined as R;
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data as R;
    const problems = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join(".") || "(root)",
      message: issue.message,
    }));
    const listed = problems
      .slice(0, 5)
      .map((p) => `${p.path}: ${p.message}`)
      .join("; ");
    throw new ResponseValidationError(
      `${operation} returned a response that does not match its schema (${listed}). The service may have changed; update the toolkit, or report this with the operation name.`,
      { operation, problems, body, cause: parsed.error, secrets: this.#secrets },
    );
  }
}
