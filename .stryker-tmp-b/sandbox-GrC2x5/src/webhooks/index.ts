// @ts-nocheck
export type { GithubWebhookSignInput } from "./sign-github-webhook.ts";
export { signGithubWebhook } from "./sign-github-webhook.ts";
export type { StandardWebhookSignInput } from "./sign-standard-webhook.ts";
export { signStandardWebhook, standardWebhookKey } from "./sign-standard-webhook.ts";
export type { StripeWebhookSignInput } from "./sign-stripe-webhook.ts";
export { signStripeWebhook, stripeSignature } from "./sign-stripe-webhook.ts";
export type { SignWebhookInput } from "./sign-webhook.ts";
export { signWebhook } from "./sign-webhook.ts";
export type {
  VerifyWebhookInput,
  WebhookHeaders,
  WebhookRejectReason,
  WebhookVerdict,
  WebhookVerifier,
  WebhookVerifierOptions,
} from "./verify-webhook.ts";
export { createWebhookVerifier, verifyWebhook } from "./verify-webhook.ts";
export type { WebhookScheme } from "./webhook-scheme.ts";
export { WEBHOOK_SCHEMES } from "./webhook-scheme.ts";
