import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../emulator/github/index.ts";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../relay/index.ts";
import { ContentReviewClient } from "../../src/api/index.ts";
import { type FakeSlack, startFakeSlack } from "../fakes/fake-slack.ts";
import { relayTestEnv } from "./helpers/relay-test-env.ts";
import { TEST_RELAY_TOKEN, waitUntil } from "./helpers/signed-sender.ts";

const SHA = "fedcba9876543210fedcba9876543210fedcba98";

let dir: string;
let emulator: EmulatorHandle;
let slack: FakeSlack;
let github: GithubStandIn;
let relay: RelayHandle;
let client: ContentReviewClient;
let subscriptionId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "relay-e2e-"));
  emulator = await startEmulator({ port: 0, allowInsecureWebhooks: true, processingSeconds: 0 });
  client = new ContentReviewClient({
    apiKey: emulator.sandboxKey,
    baseUrl: emulator.baseUrl,
    caller: "relay-e2e",
  });
  slack = await startFakeSlack({ token: "xoxb-e2e" });
  github = await startGithubStandIn({ token: "ghs_e2e" });
  // The secret exists once the subscription does; point it at the relay afterwards
  // (editing the URL keeps the secret, part 4.11).
  const subscription = await client.createWebhookSubscription({
    endpointUrl: "http://127.0.0.1:9/not-yet",
    eventTypes: ["asset.processing.completed", "asset.processing.failed"],
    description: "relay e2e",
  });
  subscriptionId = subscription.id;
  relay = await startRelay(
    resolveRelayConfig(
      relayTestEnv({
        WEBHOOK_SECRETS: String(subscription.secret),
        STORE_URL: `sqlite:${join(dir, "relay.db")}`,
        SLACK_TOKEN: "xoxb-e2e",
        SLACK_CHANNEL: "C0E2E",
        SLACK_API_URL: slack.apiUrl,
        SLACK_MIN_INTERVAL_MS: "0",
        GITHUB_TOKEN: "ghs_e2e",
        GITHUB_API_URL: github.apiUrl,
        CONTENT_REVIEW_BASE_URL: emulator.baseUrl,
        CONTENT_REVIEW_API_KEY: emulator.sandboxKey,
      }),
    ),
    { logger: createLogger("silent") },
  );
  await client.updateWebhookSubscription(subscriptionId, {
    endpointUrl: `${relay.url}/webhooks/content-review`,
  });
});

afterAll(async () => {
  await relay?.close();
  await emulator?.close();
  await slack?.close();
  await github?.close();
});

describe("relay against the emulator's signed deliveries", () => {
  it("verifies real deliveries, enriches them and relays to Slack and the commit status", async () => {
    const submission = await client.createSubmission({
      assets: [
        { blobPath: `${randomUUID()}/banner__sandbox_fail__.png` },
        { blobPath: `${randomUUID()}/logo__sandbox_pass__.png` },
      ],
      sidekickIds: ["brand-guidelines"],
    });
    await client.waitForSubmission(submission.submissionId);
    const link = await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        submissionId: submission.submissionId,
        repository: "acme/site",
        sha: SHA,
        pullRequest: 12,
        assetCount: 2,
        failOn: "major",
      }),
    });
    expect(link.status).toBe(202);

    const fired = await client.fireSandboxEvent({
      eventType: "asset.processing.completed",
      submissionId: submission.submissionId,
    });
    expect(fired.dispatched).toBe(2);

    await waitUntil(
      "the final commit status",
      () => github.statuses.some((s) => s.state !== "pending"),
      15_000,
    );
    const final = github.statuses.at(-1);
    // __sandbox_fail__ yields one critical and two major issues (part 3.2), read through the API layer.
    expect(final).toMatchObject({ state: "failure", sha: SHA, repository: "acme/site" });
    expect(final?.description).toContain("1 critical, 2 major");

    const parents = slack.messages.filter(
      (m) => m.metadata?.event_payload["submission_id"] === submission.submissionId,
    );
    expect(parents).toHaveLength(1);
    const blocks = JSON.stringify(parents[0]?.blocks);
    expect(blocks).toContain("banner__sandbox_fail__.png");
    expect(blocks).toContain("logo__sandbox_pass__.png");

    // The emulator recorded the deliveries as answered 200.
    await waitUntil("the emulator's delivery log", async () => {
      const deliveries = await client.listWebhookDeliveries(subscriptionId);
      return deliveries.data.filter((d) => d.status === "succeeded").length === 2;
    });
  });
});
