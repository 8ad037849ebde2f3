import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../../emulator/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../../relay/index.ts";
import { ContentReviewClient } from "../../../src/api/index.ts";
import { relayTestEnv } from "../helpers/relay-test-env.ts";
import { waitUntil } from "../helpers/signed-sender.ts";

const PUBLIC = "https://relay.example.test";

describe("startSubscriptionCheck in the relay, against the emulator's subscriptions", () => {
  let emulator: EmulatorHandle;
  let client: ContentReviewClient;
  let relay: RelayHandle;
  let dir: string;
  let lists = 0;
  const lines: { level: string; message: string; problem?: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "relay-subscriptions-"));
    emulator = await startEmulator({
      port: 0,
      onResponse: (r) => {
        if (r.operationId === "listWebhookSubscriptions") lists++;
      },
    });
    client = new ContentReviewClient({ apiKey: emulator.liveKey, baseUrl: emulator.baseUrl });
  });
  afterAll(async () => {
    await relay?.close();
    await emulator?.close();
  });

  const gauge = async () =>
    /^relay_subscription_ok (\d)$/m.exec(await (await fetch(`${relay.url}/metrics`)).text())?.[1];
  /** Waits for `n` more checks, so that what they log is in. */
  const checks = async (n: number) => {
    const target = lists + n;
    await waitUntil(`${n} more subscription checks`, () => lists >= target);
  };
  const said = (text: string) => lines.filter((l) => l.message.includes(text));

  it("the relay says once per change whether a subscription reaches it; /readyz stays 200", async () => {
    const created = await client.createWebhookSubscription({
      endpointUrl: "https://elsewhere.example/webhooks/content-review",
      eventTypes: ["asset.processing.completed", "asset.processing.failed"],
    });
    relay = await startRelay(
      resolveRelayConfig(
        relayTestEnv({
          STORE_URL: `sqlite:${join(dir, "relay.db")}`,
          CONTENT_REVIEW_BASE_URL: emulator.baseUrl,
          CONTENT_REVIEW_API_KEY: emulator.liveKey,
          RELAY_PUBLIC_URL: PUBLIC,
        }),
      ),
      {
        logger: createLogger("debug", (line) => lines.push(JSON.parse(line))),
        subscriptionCheckMs: 20,
      },
    );
    await checks(3);
    expect(await gauge()).toBe("0");
    expect(said("webhooks do not reach this relay")).toHaveLength(1);
    expect(said("webhooks do not reach this relay")[0]?.problem).toContain(
      `no webhook subscription of the workspace points at ${PUBLIC}/webhooks/content-review`,
    );
    expect((await fetch(`${relay.url}/readyz`)).status).toBe(200);

    await client.updateWebhookSubscription(created.id, {
      endpointUrl: `${PUBLIC}/webhooks/content-review`,
    });
    await waitUntil("relay_subscription_ok 1", async () => (await gauge()) === "1");
    await checks(3);
    expect(said("a webhook subscription reaches this relay")).toHaveLength(1);

    await client.updateWebhookSubscription(created.id, { enabled: false });
    await waitUntil("relay_subscription_ok 0", async () => (await gauge()) === "0");
    await checks(3);
    const warnings = said("webhooks do not reach this relay");
    expect(warnings).toHaveLength(2);
    expect(warnings[1]?.problem).toContain("is disabled");
    expect((await fetch(`${relay.url}/readyz`)).status).toBe(200);
    // The key never reaches the log.
    expect(JSON.stringify(lines)).not.toContain(emulator.liveKey);
  });
});
