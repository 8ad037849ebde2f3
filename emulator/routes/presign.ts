import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";

/** The last storage key's key object: making one from bytes for each upload costs 7 times the HMAC. */
let lastKey: { readonly hex: string; readonly key: KeyObject } | undefined;

function storageKeyObject(hex: string): KeyObject {
  if (lastKey?.hex !== hex) lastKey = { hex, key: createSecretKey(Buffer.from(hex, "hex")) };
  return lastKey.key;
}

/** The HMAC token of a presigned upload URL: blob path and expiry, keyed by the storage key. */
export function uploadSignature(storageKey: string, blobPath: string, expiresMs: number): string {
  return createHmac("sha256", storageKeyObject(storageKey))
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
