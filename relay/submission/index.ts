export type { AssetDetails } from "./asset-details.ts";
export {
  type AssetTotals,
  appendsTo,
  assetPosition,
  assetTotals,
  editsOf,
} from "./asset-list.ts";
export {
  assetMarker,
  describeFindings,
  type OutcomeState,
  type SubmissionOutcome,
  submissionOutcome,
} from "./submission-outcome.ts";
export {
  type AssetState,
  applyAssetEvent,
  applyLink,
  applyUnresolved,
  emptySubmissionState,
  isStaleAssetEvent,
  reportedAssets,
  type SubmissionState,
} from "./submission-state.ts";
export { verdictSettled } from "./verdict-settled.ts";
