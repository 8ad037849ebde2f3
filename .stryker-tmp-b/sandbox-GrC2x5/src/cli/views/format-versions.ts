// @ts-nocheck
import type { VersionListResponse } from "../../api/index.ts";
import type { Style } from "../create-style.ts";
import { formatTable } from "../format-table.ts";

/** A version chain (part 2.8), ordered by version number. */
export function formatVersions(list: VersionListResponse, style: Style): string {
  return formatTable(
    [
      { header: "version", value: (v) => v.versionNumber, align: "right" },
      { header: "name", value: (v) => v.name },
      { header: "status", value: (v) => v.status, paint: (text) => style.tone(text) },
      { header: "issues", value: (v) => v.issueCount, align: "right" },
      { header: "asset id", value: (v) => v.assetId },
      { header: "submission id", value: (v) => v.submissionId },
      { header: "created", value: (v) => v.createdAt },
    ],
    list.versions,
    "(no versions)",
  );
}
