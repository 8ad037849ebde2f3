import type { WebhookSubscription } from "../../src/api/index.ts";
import { ASSET_EVENT_TYPES } from "../relay-event.ts";

const WEBHOOK_PATH = "/webhooks/content-review";

/** An endpoint URL compared by meaning: scheme and host in lower case, no trailing slash. */
function normalise(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}${u.search}`;
  } catch {
    return null;
  }
}

/** The webhook URL of a relay reached at `publicUrl` (its base, or the webhook URL itself). */
export function relayWebhookUrl(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return base.endsWith(WEBHOOK_PATH) ? base : `${base}${WEBHOOK_PATH}`;
}

/**
 * Why the workspace's subscriptions do not reach the relay, or null when one of them is
 * enabled, points at its webhook URL and lists both asset event types.
 */
export function subscriptionProblem(
  subscriptions: readonly WebhookSubscription[],
  publicUrl: string,
): string | null {
  const url = normalise(relayWebhookUrl(publicUrl));
  const ours = subscriptions.filter((s) => normalise(s.endpointUrl) === url);
  const missingTypes = (s: WebhookSubscription) =>
    ASSET_EVENT_TYPES.filter((t) => !s.eventTypes.includes(t));
  if (ours.some((s) => s.enabled && missingTypes(s).length === 0)) return null;
  const target = relayWebhookUrl(publicUrl);
  if (ours.length === 0) {
    return `no webhook subscription of the workspace points at ${target}: create one for ${ASSET_EVENT_TYPES.join(" and ")} (docs/relay.md)`;
  }
  const enabled = ours.filter((s) => s.enabled);
  if (enabled.length === 0) {
    return `the webhook subscription for ${target} is disabled: enable it (PATCH enabled: true)`;
  }
  const missing = missingTypes(enabled[0] as WebhookSubscription);
  return `the webhook subscription for ${target} does not list ${missing.join(" and ")}: add it to its eventTypes`;
}
