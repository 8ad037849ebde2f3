import { ContentReviewClient } from "../../src/api/index.ts";

export interface ServiceClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Timeout of one HTTP request. */
  readonly requestTimeoutMs: number;
  /** Time spent on one call, retries included. */
  readonly maxElapsedMs: number;
}

/** The project's API client as the relay uses it: for reads, named after the relay's settings. */
export function createServiceClient(options: ServiceClientOptions): ContentReviewClient {
  return new ContentReviewClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    baseUrlSetting: "CONTENT_REVIEW_BASE_URL",
    caller: "relay",
    timeoutMs: options.requestTimeoutMs,
    retry: { maxElapsedMs: options.maxElapsedMs },
  });
}
