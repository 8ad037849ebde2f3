// @ts-nocheck
import { createHmac } from "node:crypto";

/** Input of {@link signStripeWebhook}. */
export interface StripeWebhookSignInput {
  /** The endpoint secret (`whsec_...`), used as-is (UTF-8) as the HMAC key, as Stripe does. */
  readonly secret: string;
  /** Seconds since the epoch; goes into `t=`. */
  readonly timestamp: number;
  /** The exact body bytes or text that is sent. */
  readonly body: string | Buffer;
}

/** The `v1` signature alone: hex HMAC-SHA256 of `"<timestamp>.<body>"`. */
export function stripeSignature(input: StripeWebhookSignInput): string {
  const mac = createHmac("sha256", input.secret);
  mac.update(`${input.timestamp}.`);
  mac.update(input.body);
  return mac.digest("hex");
}

/** Signs a body the way Stripe does for `Stripe-Signature`: `t=<timestamp>,v1=<hex>`. */
export function signStripeWebhook(input: StripeWebhookSignInput): string {
  return `t=${input.timestamp},v1=${stripeSignature(input)}`;
}
