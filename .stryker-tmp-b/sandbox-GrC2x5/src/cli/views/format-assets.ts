// @ts-nocheck
import type { AssetResult, PaginationMeta } from "../../api/index.ts";
import type { Style } from "../create-style.ts";
import { formatTable } from "../format-table.ts";
import { formatTag } from "./format-asset.ts";

/** Assets matching a tag filter (part 4.4), newest first. */
export function formatAssets(
  assets: readonly AssetResult[],
  pagination: PaginationMeta | null,
  style: Style,
): string {
  const table = formatTable(
    [
      { header: "asset id", value: (a) => a.assetId },
      { header: "submission id", value: (a) => a.submissionId },
      { header: "file", value: (a) => a.filename },
      { header: "status", value: (a) => a.status, paint: (text) => style.tone(text) },
      { header: "issues", value: (a) => a.issueCount, align: "right" },
      { header: "tags", value: (a) => (a.tags ?? []).map(formatTag).join(", ") },
    ],
    assets,
    "(no matching assets)",
  );
  const footer = pagination
    ? `Page ${pagination.page} of ${pagination.totalPages} (${pagination.total} assets in all)`
    : `${assets.length} asset${assets.length === 1 ? "" : "s"}`;
  return `${table}\n${footer}\n`;
}
