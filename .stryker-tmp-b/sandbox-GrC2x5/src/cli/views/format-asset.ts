// @ts-nocheck
import type { AssetResult } from "../../api/index.ts";
import type { Style } from "../create-style.ts";
import { formatFields } from "../format-table.ts";

function durationSeconds(asset: AssetResult): number | undefined {
  if (!asset.startedAt || !asset.completedAt) return undefined;
  return Math.round((Date.parse(asset.completedAt) - Date.parse(asset.startedAt)) / 100) / 10;
}

/** A tag as `key=value`, or the key alone for a plain tag (part 2.2: never inferred from key = value). */
export function formatTag(tag: { key: string; value: string; isPlain: boolean }): string {
  return tag.isPlain ? tag.key : `${tag.key}=${tag.value}`;
}

/** Asset metadata (part 2.1). */
export function formatAsset(asset: AssetResult, style: Style): string {
  const seconds = durationSeconds(asset);
  return formatFields([
    ["asset", asset.assetId],
    ["submission", asset.submissionId],
    ["file", asset.filename],
    ["type", asset.mimeType],
    ["status", style.tone(asset.status)],
    ["issues", asset.issueCount],
    ["version", asset.versionNumber ?? 1],
    ["version group", asset.versionGroupId],
    ["tags", (asset.tags ?? []).map(formatTag).join(", ")],
    ["context items", (asset.contextItems ?? []).length],
    ["started", asset.startedAt],
    ["completed", asset.completedAt],
    ["duration", seconds === undefined ? undefined : `${seconds} s`],
  ]);
}
