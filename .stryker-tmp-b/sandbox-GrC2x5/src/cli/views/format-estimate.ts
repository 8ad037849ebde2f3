// @ts-nocheck
import type { PriceEstimateResponse } from "../../api/index.ts";
import { plural } from "../../policy/index.ts";
import { formatTable } from "../format-table.ts";

/** A price estimate (part 2.12): one row per file, then the total. */
export function formatEstimate(estimate: PriceEstimateResponse): string {
  const table = formatTable(
    [
      { header: "blob path", value: (f) => f.blobPath },
      { header: "type", value: (f) => f.assetType ?? f.mimeType },
      { header: "priceable", value: (f) => f.priceable },
      { header: "credits", value: (f) => f.credits, align: "right" },
    ],
    estimate.files,
    "(no files)",
  );
  const unpriced = estimate.files.filter((f) => !f.priceable).length;
  const note =
    unpriced > 0
      ? ` (${unpriced} file${unpriced === 1 ? "" : "s"} could not be measured and cost nothing)`
      : "";
  return `${table}\nTotal: ${plural(estimate.totalCredits, "credit")}${note}\n`;
}
