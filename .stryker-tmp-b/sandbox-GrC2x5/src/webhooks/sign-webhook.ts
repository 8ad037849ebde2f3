// @ts-nocheck
import { signGithubWebhook } from "./sign-github-webhook.ts";
import { signStandardWebhook } from "./sign-standard-webhook.ts";
import { signStripeWebhook } from "./sign-stripe-webhook.ts";
import type { WebhookScheme } from "./webhook-scheme.ts";

/** Input of {@link signWebhook}. */
export interface SignWebhookInput {
  readonly scheme: WebhookScheme;
  readonly secret: string;
  /** Message id; sent as `webhook-id` (standard-webhooks, stripe) or `x-github-delivery` (github). */
  readonly id: string;
  /** Seconds since the epoch (ignored by `github`, which signs no timestamp). */
  readonly timestamp: number;
  readonly body: string | Buffer;
}

/**
 * The complete set of signature headers (lower-case names) for one delivery under `scheme`.
 * Tests, the benchmark and the emulator use it to act as a sender.
 */
export function signWebhook(input: SignWebhookInput): Record<string, string> {
  switch (input.scheme) {
    case "standard-webhooks":
      return {
        "webhook-id": input.id,
        "webhook-timestamp": String(input.timestamp),
        "webhook-signature": signStandardWebhook(input),
      };
    case "github":
      return {
        "x-github-delivery": input.id,
        "x-hub-signature-256": signGithubWebhook(input),
      };
    case "stripe":
      return {
        "webhook-id": input.id,
        "stripe-signature": signStripeWebhook(input),
      };
  }
}
