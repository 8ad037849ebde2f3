// @ts-nocheck
import { createHmac, timingSafeEqual } from "node:crypto";

/** The HMAC token of a presigned upload URL: blob path and expiry, keyed by the storage key. */
export function uploadSignature(storageKey: string, blobPath: string, expiresMs: number): string {
  return createHmac("sha256", Buffer.from(storageKey, "hex"))
    .update(`${blobPath}\n${expiresMs}`)
    .digest("hex");
}

export function signatureMatches(
  storageKey: string,
  blobPath: string,
  expiresMs: number,
  signature: string,
): boolean {
  const expected = Buffer.from(uploadSignature(storageKey, blobPath, expiresMs), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The storage path of a blob, each segment URL-encoded. */
export function storagePath(assetId: string, filename: string): string {
  return `/_storage/upload/${assetId}/${encodeURIComponent(filename)}`;
}
