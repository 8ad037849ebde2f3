import { ContentReviewClient } from "../../src/api/index.ts";
import { countBySeverity, type SeverityCounts } from "../../src/report/index.ts";

/** What the service can add to an asset event: its filename and issue counts by severity. */
export interface AssetDetails {
  readonly filename: string | null;
  readonly counts: SeverityCounts | null;
}

/** Optional enrichment of events through the API layer; the relay works without it. */
export interface Enricher {
  assetDetails(submissionId: string, assetId: string, completed: boolean): Promise<AssetDetails>;
}

/** An {@link Enricher} that reads the asset and its issues with the typed API client. */
export function createApiEnricher(options: { baseUrl: string; apiKey: string }): Enricher {
  const client = new ContentReviewClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    caller: "relay",
  });
  return {
    async assetDetails(submissionId, assetId, completed) {
      const asset = await client.getAsset(submissionId, assetId);
      // Issues exist only for a finished asset (part 4.7: 404 before).
      const counts = completed
        ? countBySeverity((await client.listAssetIssues(submissionId, assetId)).issues)
        : null;
      return { filename: asset.filename, counts };
    },
  };
}
