export { type AssetDetails, createApiEnricher, type Enricher } from "./enricher.ts";
export { createEntryProcessor } from "./process-entry.ts";
export { createServiceClient } from "./service-client.ts";
