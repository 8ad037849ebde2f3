// @ts-nocheck
import type { UploadedFile } from "../../api/index.ts";
import { formatTable } from "../format-table.ts";

/** Uploaded files and their blob paths, ready for `estimate` and `submit`. */
export function formatUploads(files: readonly UploadedFile[]): string {
  return formatTable(
    [
      { header: "file", value: (f) => f.path },
      { header: "type", value: (f) => f.contentType },
      { header: "bytes", value: (f) => f.size, align: "right" },
      { header: "blob path", value: (f) => f.blobPath },
    ],
    files,
    "(no files)",
  );
}
