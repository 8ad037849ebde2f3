import type { SeverityCounts } from "../../src/policy/index.ts";

/** What the service can add to an asset event: its filename and issue counts by severity. */
export interface AssetDetails {
  readonly filename: string | null;
  readonly counts: SeverityCounts | null;
}
