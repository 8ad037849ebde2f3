import type { WebhookVerdict } from "../../src/webhooks/index.ts";
import { parseDelivery, type RelayEvent } from "../relay-event.ts";

/** What a verified-or-not delivery calls for, decided before anything is written. */
export type DeliveryPlan =
  | {
      readonly kind: "reject";
      readonly status: 400 | 401;
      /** The metric's reason. */
      readonly reason: string;
      readonly body: object;
    }
  /** A type this relay does not know (yet): answered 200, never relayed. */
  | { readonly kind: "ignore"; readonly type: string }
  | { readonly kind: "ingest"; readonly event: RelayEvent; readonly id: string | null };

/** Decides a delivery from its signature's verdict and its raw body. */
export function planDelivery(verdict: WebhookVerdict, rawBody: Buffer): DeliveryPlan {
  if (!verdict.ok) {
    return {
      kind: "reject",
      status: 401,
      reason: verdict.reason,
      body: { error: "invalid_signature", reason: verdict.reason, message: verdict.message },
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return {
      kind: "reject",
      status: 400,
      reason: "malformed-json",
      body: { error: "malformed_json", message: "The body is not valid JSON" },
    };
  }
  const parsed = parseDelivery(body);
  if (parsed.kind === "invalid") {
    return {
      kind: "reject",
      status: 400,
      reason: "not-an-event",
      body: { error: "not_an_event", message: parsed.message },
    };
  }
  // Refusing an unknown type would only make the sender retry in vain and, in the end,
  // disable the endpoint.
  if (parsed.kind === "ignored") return { kind: "ignore", type: parsed.type };
  return { kind: "ingest", event: parsed.event, id: verdict.id };
}
