/**
 * Issue #25, done when: the Action runs `wait: false` and links the relay; the emulator drops
 * every delivery; the relay reconciles the verdict from the service (final status and Slack
 * message, each once); then the deliveries are let through and redelivered, and nothing
 * changes. Once with one relay on SQLite, once with two replicas on Postgres sweeping at the
 * same moment. A sweep every 100 ms; reconciliation's clock is the test's: nothing is due on the
 * real clock (RECONCILE_AFTER_SECONDS=600) until a test moves it on, past RECONCILE_MAX_HOURS
 * for the submission still processing.
 */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../relay/helpers/postgres.ts";
import { relayTestEnv } from "../relay/helpers/relay-test-env.ts";
import { TEST_RELAY_TOKEN, waitUntil } from "../relay/helpers/signed-sender.ts";
import { pullRequestEvent, runAction } from "./action-harness.ts";

const TOKEN = "ghs_reconcile_token_0123456789abcdef";
const EVENTS = ["asset.processing.completed", "asset.processing.failed"] as const;

interface World {
  emu: EmulatorHandle;
  client: ContentReviewClient;
  github: GithubStandIn;
  slack: FakeSlack;
  workspace: string;
  subscriptionId: string;
  secret: string;
}

let world: World;
let nextPr = 40;
const HOUR = 3_600_000;
/** How far every relay's reconciliation clock is ahead of the real one (each test from 0). */
let ahead = 0;
beforeEach(() => {
  ahead = 0;
});
/** Past RECONCILE_AFTER_SECONDS and any backoff, short of RECONCILE_MAX_HOURS: checks come due. */
const checksDue = () => {
  ahead = 2 * HOUR;
};

beforeAll(async () => {
  const emu = await startEmulator({
    port: 0,
    allowInsecureWebhooks: true,
    processingSeconds: 0,
    // A dropped delivery is given up at once: only the redelivery below brings it.
    webhookRetryDelaysMs: [],
  });
  const client = new ContentReviewClient({
    apiKey: emu.liveKey,
    baseUrl: emu.baseUrl,
    caller: "reconcile-e2e",
  });
  const subscription = await client.createWebhookSubscription({
    endpointUrl: "http://127.0.0.1:9/not-yet",
    eventTypes: [...EVENTS],
  });
  const workspace = await mkdtemp(join(tmpdir(), "relay-reconcile-"));
  await mkdir(join(workspace, "media"));
  await writeFile(join(workspace, "media/claims.txt"), "Clinically proven and guaranteed.\n");
  await writeFile(join(workspace, "media/calm.txt"), "A calm description of the product.\n");
  // The emulator fails this one's processing: a failed asset, with its reply in the thread.
  await writeFile(join(workspace, "media/broken__emulator_error__.txt"), "x\n");
  world = {
    emu,
    client,
    github: await startGithubStandIn({ token: TOKEN }),
    slack: await startFakeSlack({ token: "xoxb-reconcile" }),
    workspace,
    subscriptionId: subscription.id,
    secret: String(subscription.secret),
  };
});

afterAll(async () => {
  await world?.emu.close();
  await world?.github.close();
  await world?.slack.close();
  if (world) await rm(world.workspace, { recursive: true, force: true });
});

async function control(method: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${world.emu.baseUrl}/_emulator/${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return res.json();
}

function relayEnv(store: Record<string, string>): Record<string, string> {
  return relayTestEnv({
    WEBHOOK_SECRETS: world.secret,
    SLACK_TOKEN: "xoxb-reconcile",
    SLACK_CHANNEL: "C0RECONCILE",
    SLACK_API_URL: world.slack.apiUrl,
    SLACK_MIN_INTERVAL_MS: "0",
    GITHUB_TOKEN: TOKEN,
    GITHUB_API_URL: world.github.apiUrl,
    CONTENT_REVIEW_BASE_URL: world.emu.baseUrl,
    CONTENT_REVIEW_API_KEY: world.emu.liveKey,
    RECONCILE_AFTER_SECONDS: "600",
    RECONCILE_MAX_HOURS: "24",
    RECONCILE_SWEEP_SECONDS: "0.1",
    ...store,
  });
}

/** Every relay's log lines, parsed. */
const logged: { level: string; message: string; [field: string]: unknown }[] = [];

async function startRelays(count: number, store: Record<string, string>): Promise<RelayHandle[]> {
  const relays: RelayHandle[] = [];
  for (let i = 0; i < count; i++) {
    const logger = createLogger("info", (line) => logged.push(JSON.parse(line)));
    relays.push(
      await startRelay(resolveRelayConfig(relayEnv(store)), {
        logger,
        reconcileNow: () => Date.now() + ahead,
      }),
    );
  }
  await world.client.updateWebhookSubscription(world.subscriptionId, {
    endpointUrl: `${relays[0]?.url}/webhooks/content-review`,
  });
  return relays;
}

interface PublicEntry {
  id: string;
  type: string;
  submissionId: string;
  state: string;
  source: string;
}

async function deliveries(relay: RelayHandle): Promise<PublicEntry[]> {
  const res = await fetch(`${relay.url}/deliveries?limit=500`, {
    headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
  });
  return ((await res.json()) as { data: PublicEntry[] }).data;
}

/** What the relay did for a submission, as GitHub and Slack saw it. */
function effects(submissionId: string, sha: string) {
  const statuses = world.github.statuses.filter((s) => s.sha === sha);
  return {
    finals: statuses.filter((s) => s.state !== "pending"),
    parents: world.slack.messages.filter(
      (m) => m.metadata?.event_payload["submission_id"] === submissionId && !m.threadTs,
    ),
    replies: world.slack.messages.filter(
      (m) => m.metadata?.event_payload["submission_id"] === submissionId && m.threadTs,
    ).length,
    posts: world.slack.calls.filter((c) => c.method === "chat.postMessage").length,
    statuses: statuses.length,
  };
}

/** Runs the Action with `wait: false` on a new PR, handing off to the relay; returns ids. */
async function runWaitFalse(relay: RelayHandle): Promise<{ submissionId: string; sha: string }> {
  const pr = nextPr++;
  const sha = randomUUID().replaceAll("-", "").padEnd(40, "0").slice(0, 40);
  world.github.addPullRequest(pr, [
    { filename: "media/claims.txt", status: "added" },
    { filename: "media/calm.txt", status: "added" },
    { filename: "media/broken__emulator_error__.txt", status: "added" },
  ]);
  const run = await runAction({
    inputs: {
      "api-key": world.emu.liveKey,
      "base-url": world.emu.baseUrl,
      "sidekick-ids": "brand",
      wait: "false",
      "relay-url": relay.url,
      "relay-token": TEST_RELAY_TOKEN,
    },
    eventName: "pull_request",
    event: pullRequestEvent(pr, sha),
    sha,
    workspace: world.workspace,
    githubApiUrl: world.github.apiUrl,
    githubToken: TOKEN,
  });
  expect(run.code, run.stdout).toBe(0);
  expect(run.outputs["status"]).toBe("pending");
  return { submissionId: run.outputs["submission-id"] as string, sha };
}

/** The scenario of the issue, against `relays` (the Action links the first one). */
async function reconcileDroppedDeliveries(relays: RelayHandle[]): Promise<void> {
  const [relay] = relays as [RelayHandle];
  await control("PUT", "webhook-drops", { share: 1 });
  const { submissionId, sha } = await runWaitFalse(relay);
  const ledger = async () => (await fetch(`${world.emu.baseUrl}/_emulator/ledger`)).json();
  const charged = await ledger();
  // The check finds the verdict: the emulator has finished processing (its webhooks dropped).
  await waitUntil("the emulator's verdict", async () =>
    (await world.client.getSubmission(submissionId)).assets.every(
      (a) => a.status === "complete" || a.status === "failed",
    ),
  );
  checksDue();

  await waitUntil(
    "the reconciled final status",
    () => effects(submissionId, sha).finals.length > 0,
    30_000,
  );
  // Every replica's journal has had time to add its own copy, if it were going to.
  await waitUntil(
    "the reconciled entries done",
    async () => {
      const mine = (await deliveries(relay)).filter((e) => e.submissionId === submissionId);
      return (
        mine.some((e) => e.source === "reconciliation") && mine.every((e) => e.state === "done")
      );
    },
    15_000,
  );
  const reconciled = effects(submissionId, sha);
  expect(reconciled.finals).toHaveLength(1);
  // One asset failed to process: the submission's outcome is an error, said once in the thread.
  expect(reconciled.finals[0]).toMatchObject({
    state: "error",
    context: "Content Review",
    description: "1 of 3 assets failed to process",
  });
  expect(reconciled.parents).toHaveLength(1);
  expect(reconciled.replies).toBe(1);
  const entries = (await deliveries(relay)).filter((e) => e.submissionId === submissionId);
  expect(entries.filter((e) => e.source === "webhook")).toEqual([]);
  const made = entries.filter((e) => e.source === "reconciliation").map((e) => e.type);
  expect(made.sort()).toEqual([
    "asset.processing.completed",
    "asset.processing.completed",
    "asset.processing.failed",
  ]);
  const metrics = await Promise.all(
    relays.map(async (r) => (await fetch(`${r.url}/metrics`)).text()),
  );
  const counted = metrics
    .map((m) => Number(/relay_reconciled_total\{outcome="completed"\} (\d+)/.exec(m)?.[1] ?? 0))
    .reduce((a, b) => a + b, 0);
  expect(counted).toBe(1);
  const said = logged.filter(
    (l) => l.message.startsWith("verdict reconciled") && l["submissionId"] === submissionId,
  );
  expect(said).toEqual([expect.objectContaining({ level: "info", outcome: "completed" })]);
  expect(JSON.stringify(logged)).not.toContain(world.emu.liveKey);

  // The deliveries come after all: journaled as the webhooks they are, and nothing changes.
  await control("PUT", "webhook-drops", { share: 0 });
  const sent = (await control("POST", "webhook-deliveries/redeliver", {})) as {
    redelivered: number;
  };
  expect(sent.redelivered).toBeGreaterThanOrEqual(3);
  await waitUntil(
    "the late webhooks relayed",
    async () => {
      const late = (await deliveries(relay)).filter(
        (e) => e.submissionId === submissionId && e.source === "webhook",
      );
      return late.length === 3 && late.every((e) => e.state === "done");
    },
    15_000,
  );
  const after = effects(submissionId, sha);
  expect(after.finals).toHaveLength(1);
  expect(after.statuses).toBe(reconciled.statuses);
  expect(after.parents).toHaveLength(1);
  expect(after.replies).toBe(1);
  expect(after.posts).toBe(reconciled.posts);
  // The relay only read: nothing submitted, retried or charged since the Action's run.
  expect(await ledger()).toEqual(charged);
}

describe("relay reconciliation against the emulator (SQLite)", () => {
  let relays: RelayHandle[] = [];
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "relay-reconcile-db-"));
    relays = await startRelays(1, { STORE_URL: `sqlite:${join(dir, "relay.db")}` });
  });
  afterAll(async () => {
    for (const r of relays) await r.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("relay reconciliation sets the final status and posts to Slack once when every delivery is dropped; late deliveries change nothing", async () => {
    await reconcileDroppedDeliveries(relays);
  });

  it("relay reconciliation ends a submission the service does not know with a final error", async () => {
    const [relay] = relays as [RelayHandle];
    const submissionId = randomUUID();
    const sha = "c".repeat(40);
    const link = await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ submissionId, repository: "octo/media", sha, assetCount: 1 }),
    });
    expect(link.status).toBe(202);
    checksDue();
    await waitUntil("the final error", () => effects(submissionId, sha).finals.length > 0, 15_000);
    expect(effects(submissionId, sha).finals).toEqual([
      expect.objectContaining({
        state: "error",
        description: expect.stringContaining("does not know this submission (404)"),
      }),
    ]);
  });

  it("relay reconciliation ends a submission still processing at RECONCILE_MAX_HOURS with a final error", async () => {
    const [relay] = relays as [RelayHandle];
    await control("PUT", "processing", { seconds: 3600 });
    try {
      const blob = await world.client.uploadFile(join(world.workspace, "media/calm.txt"));
      const submission = await world.client.createSubmission({
        assets: [{ blobPath: blob.blobPath }],
        sidekickIds: ["brand"],
      });
      const sha = "e".repeat(40);
      const link = await fetch(`${relay.url}/links`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_RELAY_TOKEN}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          submissionId: submission.submissionId,
          repository: "octo/media",
          sha,
          assetCount: 1,
        }),
      });
      expect(link.status).toBe(202);
      ahead = 25 * HOUR;
      await waitUntil(
        "the final error at the limit",
        () => effects(submission.submissionId, sha).finals.length > 0,
        20_000,
      );
      expect(effects(submission.submissionId, sha).finals).toEqual([
        expect.objectContaining({
          state: "error",
          description: expect.stringContaining("RECONCILE_MAX_HOURS (24 h)"),
        }),
      ]);
      const metrics = await (await fetch(`${relay.url}/metrics`)).text();
      expect(metrics).toContain('relay_reconciled_total{outcome="timed_out"} 1');
    } finally {
      await control("PUT", "processing", { seconds: 0 });
    }
  });
});

describe.runIf(hasTestPostgres())(
  "relay reconciliation against the emulator (two replicas on Postgres)",
  () => {
    const schema = testSchema("reconcile");
    let relays: RelayHandle[] = [];
    beforeAll(async () => {
      relays = await startRelays(2, { STORE_URL: TEST_POSTGRES_URL, STORE_SCHEMA: schema });
    });
    afterAll(async () => {
      for (const r of relays) await r.close();
    });

    it("relay reconciliation by two replicas sweeping at once sets the status and posts to Slack once; late deliveries change nothing", async () => {
      await reconcileDroppedDeliveries(relays);
    });
  },
);
