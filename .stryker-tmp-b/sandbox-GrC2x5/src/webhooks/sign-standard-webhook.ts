// @ts-nocheck
import { createHmac } from "node:crypto";

/** Input of {@link signStandardWebhook}. */
export interface StandardWebhookSignInput {
  /** Signing secret, `whsec_<base64>` (the prefix is optional; the rest is the base64 key). */
  readonly secret: string;
  /** The `webhook-id` header value. */
  readonly id: string;
  /** The `webhook-timestamp` header value, seconds since the epoch. */
  readonly timestamp: number;
  /** The exact body bytes or text that is sent. */
  readonly body: string | Buffer;
}

/** The base64 key bytes of a `whsec_` secret. */
export function standardWebhookKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
}

/**
 * Signs a delivery with the Standard Webhooks scheme:
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` (standardwebhooks.com).
 */
export function signStandardWebhook(input: StandardWebhookSignInput): string {
  const mac = createHmac("sha256", standardWebhookKey(input.secret));
  mac.update(`${input.id}.${input.timestamp}.`);
  mac.update(input.body);
  return `v1,${mac.digest("base64")}`;
}
