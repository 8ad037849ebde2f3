// @ts-nocheck
import type { WebhookDelivery, WebhookSubscription } from "../../api/index.ts";
import type { Style } from "../create-style.ts";
import { formatFields, formatTable } from "../format-table.ts";

/** One subscription (part 2.10), never its secret. */
export function formatSubscription(
  subscription: WebhookSubscription,
  style: Style,
  secretNote?: string,
): string {
  return formatFields([
    ["id", subscription.id],
    ["endpoint", subscription.endpointUrl],
    ["events", subscription.eventTypes.join(", ")],
    ["enabled", subscription.enabled ? style.green("yes") : style.yellow("no")],
    ["description", subscription.description],
    ["created", subscription.createdAt],
    ["updated", subscription.updatedAt],
    ...(secretNote ? [["secret", secretNote] as const] : []),
  ]);
}

/** Subscriptions of the workspace, one per row. */
export function formatSubscriptions(subscriptions: readonly WebhookSubscription[]): string {
  return formatTable(
    [
      { header: "id", value: (s) => s.id },
      { header: "enabled", value: (s) => s.enabled },
      { header: "events", value: (s) => s.eventTypes.join(",") },
      { header: "endpoint", value: (s) => s.endpointUrl },
      { header: "description", value: (s) => s.description },
    ],
    subscriptions,
    "(no subscriptions)",
  );
}

/** Delivery attempts of a subscription, newest first. */
export function formatDeliveries(deliveries: readonly WebhookDelivery[], style: Style): string {
  return formatTable(
    [
      { header: "created", value: (d) => d.createdAt },
      { header: "event", value: (d) => d.eventType },
      { header: "asset id", value: (d) => d.assetId },
      { header: "attempt", value: (d) => d.attempt, align: "right" },
      {
        header: "status",
        value: (d) => d.status,
        paint: (text) =>
          text === "failed" ? style.red(text) : text === "succeeded" ? style.green(text) : text,
      },
      { header: "http", value: (d) => d.responseStatus, align: "right" },
      { header: "next attempt", value: (d) => d.nextAttemptAt },
      { header: "webhook id", value: (d) => d.webhookId },
    ],
    deliveries,
    "(no deliveries)",
  );
}
