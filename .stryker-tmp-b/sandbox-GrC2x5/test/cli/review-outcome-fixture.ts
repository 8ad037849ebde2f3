/** Small builders of review outcomes, for the exit-code and text-report tests. */
// @ts-nocheck

import type { AssetReview, SkippedFile, SkipReason } from "../../src/pipeline/index.ts";
import { assetWith, issuesOf, outcomeOf } from "../report/outcome-fixture.ts";

/** A reviewed asset with one issue per severity given; `failed` makes it a failed asset. */
export function asset(severities: string[], failed = false, name = "a.txt"): AssetReview {
  return assetWith(name, issuesOf(severities), {
    file: { path: name, displayPath: name },
    assetId: "a",
    blobPath: `a/${name}`,
    status: failed ? "failed" : "complete",
  });
}

/** A file left out before submission. */
export function skipped(name: string, reason: SkipReason): SkippedFile {
  return { file: { path: name, displayPath: name }, reason, message: `${name}: ${reason}` };
}

/** A completed outcome unless `partial` says otherwise; totals follow the assets. */
export const outcome = outcomeOf;
