// @ts-nocheck
import { isUuid } from "../state/ids.ts";

/** Why a filename is invalid (403, part 4.1), or undefined when it is fine. */
export function filenameProblem(filename: string): string | undefined {
  if (filename.trim() === "") return "the filename is empty";
  if (filename.length > 255) return "the filename is longer than 255 characters";
  if (/[/\\]/.test(filename)) return "the filename contains a path separator";
  if (/[\u0000-\u001f\u007f]/.test(filename)) return "the filename contains control characters";
  if (filename === "." || filename === "..") return "the filename is a relative path";
  return undefined;
}

/** Splits `{asset-id}/{filename}` (part 1 rule 1); undefined when the form is wrong. */
export function parseBlobPath(blobPath: string): { assetId: string; filename: string } | undefined {
  const slash = blobPath.indexOf("/");
  if (slash < 0) return undefined;
  const assetId = blobPath.slice(0, slash);
  const filename = blobPath.slice(slash + 1);
  if (!isUuid(assetId) || filenameProblem(filename)) return undefined;
  return { assetId: assetId.toLowerCase(), filename };
}
