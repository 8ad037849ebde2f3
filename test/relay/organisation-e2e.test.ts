/**
 * The relay deployed for an organisation, end to end against the emulator: its signed
 * deliveries, its GitHub (as a GitHub App: JWT, installation, installation token) and its
 * Slack (routes per repository, mentions of a failed pull request's author).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../relay/index.ts";
import { ContentReviewClient } from "../../src/api/index.ts";
import { relayTestEnv } from "./helpers/relay-test-env.ts";
import { TEST_RELAY_TOKEN, waitUntil } from "./helpers/signed-sender.ts";

interface SlackView {
  channel: string;
  ts: string;
  threadTs: string | null;
  text: string;
  blocks: unknown;
  metadata: { event_payload?: Record<string, unknown> } | null;
}
interface StatusView {
  repository: string;
  sha: string;
  state: string;
  description: string | null;
}

let dir: string;
let emulator: EmulatorHandle;
let relay: RelayHandle;
let client: ContentReviewClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "relay-org-"));
  emulator = await startEmulator({ port: 0, allowInsecureWebhooks: true, processingSeconds: 0 });
  client = new ContentReviewClient({
    apiKey: emulator.sandboxKey,
    baseUrl: emulator.baseUrl,
    caller: "relay-org-e2e",
  });
  // The App, as GitHub would have it: installed on acme and on other.
  const registered = await fetch(`${emulator.githubApiUrl}/apps`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ owners: ["acme", "other"] }),
  });
  const app = (await registered.json()) as { appId: string; privateKey: string };
  const subscription = await client.createWebhookSubscription({
    endpointUrl: "http://127.0.0.1:9/not-yet",
    eventTypes: ["asset.processing.completed", "asset.processing.failed"],
    description: "relay organisation e2e",
  });
  relay = await startRelay(
    resolveRelayConfig(
      relayTestEnv({
        WEBHOOK_SECRETS: String(subscription.secret),
        STORE_URL: `sqlite:${join(dir, "relay.db")}`,
        SLACK_TOKEN: "xoxb-org",
        SLACK_CHANNEL: "C0ALL",
        SLACK_ROUTES: "acme/site=C0SITE,acme/*=C0ACME",
        SLACK_MENTIONS: "octocat=U0OCTO",
        SLACK_API_URL: emulator.slackApiUrl,
        SLACK_MIN_INTERVAL_MS: "0",
        GITHUB_APP_ID: app.appId,
        // As a one-line secret store keeps it: literal \n for the newlines.
        GITHUB_APP_PRIVATE_KEY: app.privateKey.trim().replaceAll("\n", "\\n"),
        GITHUB_API_URL: emulator.githubApiUrl,
        CONTENT_REVIEW_BASE_URL: emulator.baseUrl,
        CONTENT_REVIEW_API_KEY: emulator.sandboxKey,
      }),
    ),
    { logger: createLogger("silent") },
  );
  await client.updateWebhookSubscription(subscription.id, {
    endpointUrl: `${relay.url}/webhooks/content-review`,
  });
});

afterAll(async () => {
  await relay?.close();
  await emulator?.close();
});

async function slackMessages(): Promise<SlackView[]> {
  const res = await fetch(`${emulator.baseUrl}/_emulator/slack/messages`);
  return ((await res.json()) as { messages: SlackView[] }).messages;
}

async function statuses(): Promise<StatusView[]> {
  return (await (await fetch(`${emulator.githubApiUrl}/statuses`)).json()) as StatusView[];
}

/** A sandbox submission of `files`, linked (unless `link` is null), then its events fired. */
async function review(
  files: string[],
  link: { repository: string; author?: string; failOn?: string } | null,
  event: "asset.processing.completed" | "asset.processing.failed" = "asset.processing.completed",
): Promise<{ submissionId: string; sha: string }> {
  const submission = await client.createSubmission({
    assets: files.map((f) => ({ blobPath: `${randomUUID()}/${f}` })),
    sidekickIds: ["brand-guidelines"],
  });
  await client.waitForSubmission(submission.submissionId);
  const sha = randomUUID().replaceAll("-", "").padEnd(40, "0");
  if (link !== null) {
    const res = await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        submissionId: submission.submissionId,
        sha,
        pullRequest: 7,
        assetCount: files.length,
        failOn: "major",
        ...link,
      }),
    });
    expect(res.status).toBe(202);
  }
  await client.fireSandboxEvent({
    eventType: event,
    submissionId: submission.submissionId,
    ...(event === "asset.processing.failed" ? { errorMessage: "Codec not supported" } : {}),
  });
  return { submissionId: submission.submissionId, sha };
}

const ofSubmission = (messages: SlackView[], id: string) => {
  const parent = messages.find((m) => m.metadata?.event_payload?.["submission_id"] === id);
  return {
    parent,
    replies: messages.filter((m) => parent !== undefined && m.threadTs === parent.ts),
  };
};

describe("relay for an organisation, against the emulator's GitHub and Slack", () => {
  it("relay sets statuses as a GitHub App, routes each repository's results to its channel and mentions the author of a failed PR", async () => {
    const failing = await review(["banner__sandbox_fail__.png"], {
      repository: "acme/site",
      author: "OctoCat",
    });
    const passing = await review(["logo__sandbox_pass__.png"], {
      repository: "acme/docs",
      author: "octocat",
    });
    const unmatched = await review(["logo__sandbox_pass__.png"], { repository: "other/app" });
    const unlinked = await review(["logo__sandbox_pass__.png"], null);
    const broken = await review(
      ["clip__sandbox_pass__.mp4"],
      { repository: "acme/site", author: "octocat" },
      "asset.processing.failed",
    );

    await waitUntil(
      "the final commit statuses",
      async () =>
        (await statuses()).filter((s) => s.state !== "pending").length === 4 &&
        (await slackMessages()).some((m) => m.text.includes("Codec not supported")),
      20_000,
    );
    // Set with the installation tokens the emulator issued (it refuses any other once an App
    // exists): one token per installation, cached across statuses.
    const all = await statuses();
    const last = (sha: string) => all.filter((s) => s.sha === sha).at(-1);
    expect(last(failing.sha)).toMatchObject({ repository: "acme/site", state: "failure" });
    expect(last(passing.sha)).toMatchObject({ repository: "acme/docs", state: "success" });
    expect(last(unmatched.sha)).toMatchObject({ repository: "other/app", state: "success" });
    expect(last(broken.sha)).toMatchObject({ repository: "acme/site", state: "error" });
    const apps = (await (await fetch(`${emulator.githubApiUrl}/apps`)).json()) as {
      installations: { account: string; tokensIssued: number }[];
    }[];
    expect(apps[0]?.installations.map((i) => [i.account, i.tokensIssued]).sort()).toEqual([
      ["acme", 1],
      ["other", 1],
    ]);

    const messages = await slackMessages();
    const a = ofSubmission(messages, failing.submissionId);
    const b = ofSubmission(messages, passing.submissionId);
    const c = ofSubmission(messages, unmatched.submissionId);
    const d = ofSubmission(messages, unlinked.submissionId);
    const e = ofSubmission(messages, broken.submissionId);
    // First match wins: acme/site has its own channel before acme/*.
    expect(a.parent?.channel).toBe("C0SITE");
    expect(b.parent?.channel).toBe("C0ACME");
    expect(c.parent?.channel).toBe("C0ALL");
    expect(d.parent?.channel).toBe("C0ALL");
    expect(e.parent?.channel).toBe("C0SITE");
    // Replies stay in their parent's channel.
    for (const reply of [...a.replies, ...e.replies]) expect(reply.channel).toBe("C0SITE");

    // The failing submissions mention their author (logins compare case-insensitively) in a
    // thread reply, once, and in the message; a pass mentions no one.
    for (const failed of [a, e]) {
      expect(failed.replies.filter((r) => r.text.includes("<@U0OCTO>"))).toHaveLength(1);
      expect(JSON.stringify(failed.parent?.blocks)).toContain("<@U0OCTO>");
    }
    expect(e.replies.some((r) => r.text.includes("Codec not supported"))).toBe(true);
    for (const passed of [b, c, d]) {
      expect(JSON.stringify([passed.parent, ...passed.replies])).not.toContain("<@");
    }
  });
});
