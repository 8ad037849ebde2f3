// @ts-nocheck
import { createHash, randomBytes, randomUUID } from "node:crypto";

/** Namespace of every name-based id the emulator derives. */
const EMULATOR_NAMESPACE = "6f1c2e54-2b7d-4c55-9a51-3f0d5c7e9b10";

/** A name-based UUID (version 5, RFC 9562): the same name always gives the same id. */
export function uuidFromName(name: string, namespace = EMULATOR_NAMESPACE): string {
  const ns = Buffer.from(namespace.replaceAll("-", ""), "hex");
  const hash = createHash("sha1").update(ns).update(name, "utf8").digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newId(): string {
  return randomUUID();
}

/** A live key `sk_live_<64 hex>` or a sandbox key `sk_test_<64 hex>` (part 5 rule 2). */
export function newApiKey(kind: "live" | "sandbox"): string {
  return `${kind === "live" ? "sk_live_" : "sk_test_"}${randomBytes(32).toString("hex")}`;
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
