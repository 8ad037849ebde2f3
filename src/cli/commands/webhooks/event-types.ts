import type { WebhookEventType } from "../../../api/index.ts";

/** The event types of part 6, as data. */
export const EVENT_TYPES: readonly WebhookEventType[] = Object.freeze([
  "asset.processing.completed",
  "asset.processing.failed",
]);

/** An example subscription id for the commands' help. */
export const EXAMPLE_SUBSCRIPTION_ID = "5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d";
