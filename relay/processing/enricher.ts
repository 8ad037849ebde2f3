import { countBySeverity } from "../../src/policy/index.ts";
import { describeError } from "../../src/shared/describe-error.ts";
import { DestinationError, hostOf } from "../effects/index.ts";
import type { AssetDetails } from "../submission/index.ts";
import { createServiceClient } from "./service-client.ts";

export type { AssetDetails };

/** Optional enrichment of events through the API layer; the relay works without it. */
export interface Enricher {
  assetDetails(
    submissionId: string,
    assetId: string,
    completed: boolean,
    signal: AbortSignal,
  ): Promise<AssetDetails>;
}

export interface ApiEnricherOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Timeout of one HTTP request. @default 10000 */
  readonly requestTimeoutMs?: number;
  /** Time spent on one call, retries included (the attempt's signal may end it sooner). @default 10000 */
  readonly maxElapsedMs?: number;
}

/** An {@link Enricher} that reads the asset and its issues with the typed API client. */
export function createApiEnricher(options: ApiEnricherOptions): Enricher {
  const host = hostOf(options.baseUrl);
  const client = createServiceClient({
    ...options,
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    maxElapsedMs: options.maxElapsedMs ?? 10_000,
  });
  return {
    async assetDetails(submissionId, assetId, completed, signal) {
      let operation = "getAsset";
      try {
        const asset = await client.getAsset(submissionId, assetId, { signal });
        // Issues exist only for a finished asset (part 4.7: 404 before).
        operation = "listAssetIssues";
        const counts = completed
          ? countBySeverity(
              (await client.listAssetIssues(submissionId, assetId, { signal })).issues,
            )
          : null;
        return { filename: asset.filename, counts };
      } catch (error) {
        // Reads change nothing: whatever failed, nothing was performed.
        throw new DestinationError(
          {
            destination: "the service",
            host,
            operation,
            outcome: "not-performed",
            reason: describeError(error),
          },
          { cause: error },
        );
      }
    },
  };
}
