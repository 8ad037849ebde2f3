import { describe, expect, it } from "vitest";
import {
  relayWebhookUrl,
  subscriptionProblem,
} from "../../../relay/reconciliation/subscription-problem.ts";
import type { WebhookSubscription } from "../../../src/api/index.ts";

const BOTH: WebhookSubscription["eventTypes"] = [
  "asset.processing.completed",
  "asset.processing.failed",
];
const PUBLIC = "https://relay.example.test";
const WEBHOOK = `${PUBLIC}/webhooks/content-review`;

function sub(endpointUrl: string, enabled = true, eventTypes = BOTH): WebhookSubscription {
  return { endpointUrl, enabled, eventTypes } as WebhookSubscription;
}

describe("subscriptionProblem", () => {
  it.each([
    ["one at the webhook URL", [sub(WEBHOOK)], null],
    [
      "one at the URL in other case, a slash after it",
      [sub("HTTPS://Relay.Example.Test/webhooks/content-review/")],
      null,
    ],
    ["one at the URL with two slashes after it", [sub(`${WEBHOOK}//`)], null],
    ["a disabled one and an enabled one", [sub(WEBHOOK, false), sub(WEBHOOK)], null],
    [
      "none",
      [],
      `no webhook subscription of the workspace points at ${WEBHOOK}: create one for asset.processing.completed and asset.processing.failed (docs/relay.md)`,
    ],
    [
      "one elsewhere",
      [sub("https://elsewhere.example/webhooks/content-review")],
      `no webhook subscription of the workspace points at ${WEBHOOK}: create one for asset.processing.completed and asset.processing.failed (docs/relay.md)`,
    ],
    [
      "a disabled one",
      [sub(WEBHOOK, false)],
      `the webhook subscription for ${WEBHOOK} is disabled: enable it (PATCH enabled: true)`,
    ],
    [
      "one without the failed events",
      [sub(WEBHOOK, true, ["asset.processing.completed"])],
      `the webhook subscription for ${WEBHOOK} does not list asset.processing.failed: add it to its eventTypes`,
    ],
    [
      "one without either event type",
      [sub(WEBHOOK, true, [])],
      `the webhook subscription for ${WEBHOOK} does not list asset.processing.completed and asset.processing.failed: add it to its eventTypes`,
    ],
  ])(
    "subscriptionProblem with %s says what to do, or null when fine",
    (_case, subscriptions, problem) => {
      expect(subscriptionProblem(subscriptions, PUBLIC)).toBe(problem);
    },
  );

  it("subscriptionProblem takes RELAY_PUBLIC_URL as the base or as the webhook URL itself", () => {
    const ok = [sub(WEBHOOK)];
    expect(subscriptionProblem(ok, `${PUBLIC}/`)).toBeNull();
    expect(subscriptionProblem(ok, `${PUBLIC}//`)).toBeNull();
    expect(subscriptionProblem(ok, WEBHOOK)).toBeNull();
  });
});

describe("relayWebhookUrl", () => {
  it.each([PUBLIC, `${PUBLIC}/`, `${PUBLIC}//`, WEBHOOK, `${WEBHOOK}/`, `${WEBHOOK}//`])(
    "relayWebhookUrl(%s) is the relay's webhook URL, without trailing slashes",
    (publicUrl) => {
      expect(relayWebhookUrl(publicUrl)).toBe(WEBHOOK);
    },
  );
});
