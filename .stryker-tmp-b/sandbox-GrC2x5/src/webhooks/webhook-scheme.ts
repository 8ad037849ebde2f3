/** Signature schemes the relay can verify, as data. Chosen explicitly, never guessed from a secret. */
// @ts-nocheck

export const WEBHOOK_SCHEMES = Object.freeze(["standard-webhooks", "github", "stripe"] as const);

export type WebhookScheme = (typeof WEBHOOK_SCHEMES)[number];
