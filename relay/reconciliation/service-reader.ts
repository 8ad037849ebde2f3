import { isHttpError, type Submission, type WebhookSubscription } from "../../src/api/index.ts";
import { createServiceClient } from "../processing/index.ts";

/** What reconciliation reads from the service with the relay's key: reads only, never a write. */
export interface ServiceReader {
  /** The submission with its assets' statuses, or null when the service does not know it (404). */
  readSubmission(submissionId: string, signal: AbortSignal): Promise<Submission | null>;
  /** Every webhook subscription of the key's workspace. */
  listSubscriptions(signal: AbortSignal): Promise<WebhookSubscription[]>;
}

export interface ServiceReaderOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Timeout of one HTTP request. @default 10000 */
  readonly requestTimeoutMs?: number;
  /** Time spent on one call, retries included. @default 30000 */
  readonly maxElapsedMs?: number;
}

/** Pages of subscriptions read at most: a workspace has a handful. */
const MAX_PAGES = 20;

/**
 * A {@link ServiceReader} on the project's API client: its retries, timeouts and the service's
 * rate-limit buckets (`submission_read`, `webhook_read`).
 */
export function createServiceReader(options: ServiceReaderOptions): ServiceReader {
  const client = createServiceClient({
    ...options,
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    maxElapsedMs: options.maxElapsedMs ?? 30_000,
  });
  return {
    async readSubmission(submissionId, signal) {
      // No URL can name an id holding a lone surrogate (it has no UTF-8), so the service
      // cannot know it: a 404, not a read that fails until RECONCILE_MAX_HOURS.
      if (!submissionId.isWellFormed()) return null;
      try {
        return await client.getSubmission(submissionId, { signal });
      } catch (error) {
        if (isHttpError(error) && error.status === 404) return null;
        throw error;
      }
    },
    async listSubscriptions(signal) {
      const all: WebhookSubscription[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const list = await client.listWebhookSubscriptions({ page, pageSize: 100 }, { signal });
        all.push(...list.data);
        if (page >= list.pagination.totalPages) break;
      }
      return all;
    },
  };
}
