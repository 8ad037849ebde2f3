import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { GithubStandIn } from "../../emulator/github/index.ts";
import { createLogger, type RelayHandle, SLACK_LIMITS } from "../../relay/index.ts";
import type { FakeSlack } from "../fakes/fake-slack.ts";
import {
  eventBody,
  sendSigned,
  TEST_RELAY_TOKEN,
  TEST_SECRET,
  waitUntil,
} from "./helpers/signed-sender.ts";
import { startTestRelay } from "./helpers/start-test-relay.ts";

const SHA = "0123456789abcdef0123456789abcdef01234567";

let slack: FakeSlack;
let github: GithubStandIn;
let relay: RelayHandle;
const logLines: string[] = [];
const nextId = () => `msg_${randomUUID()}`;

beforeAll(async () => {
  const started = await startTestRelay({
    slack: true,
    github: true,
    env: {
      // A secret being rotated out first: deliveries signed with the second still verify.
      WEBHOOK_SECRETS: `whsec_b2xkLXNlY3JldC1iZWluZy1yb3RhdGVkLW91dC0wMDAw,${TEST_SECRET}`,
      SLACK_CHANNEL: "C0REVIEW",
      RELAY_RETRY_BASE_MS: "20",
    },
    overrides: { logger: createLogger("debug", (line) => logLines.push(line)) },
  });
  ({ relay } = started);
  slack = started.slack!;
  github = started.github!;
});

const auth = { authorization: `Bearer ${TEST_RELAY_TOKEN}` };

describe("startRelay webhook route", () => {
  const body = eventBody({ submissionId: "sub-route", assetId: "a-1" });

  it.each([
    { name: "a valid delivery", opts: { body }, status: 200, json: { status: "accepted" } },
    {
      name: "a forged signature",
      opts: { body, secret: "whsec_Zm9yZ2VkLXNlY3JldC0wMDAwMDAwMDAwMDA=" },
      status: 401,
    },
    { name: "a stale timestamp", opts: { body }, offset: -400, status: 401 },
    { name: "a future timestamp", opts: { body }, offset: 400, status: 401 },
    { name: "malformed JSON", opts: { body: "{nope" }, status: 400 },
    {
      name: "an unknown event type",
      opts: { body: body.replace("asset.processing.completed", "asset.deleted") },
      status: 200,
      json: { status: "ignored" },
    },
    {
      name: "a missing data field",
      opts: { body: JSON.stringify({ type: "asset.processing.failed", data: {} }) },
      status: 400,
    },
  ] as {
    name: string;
    opts: { body: string; secret?: string };
    offset?: number;
    status: number;
    json?: unknown;
  }[])("answers $status to $name", async ({ opts, offset, status, json }) => {
    const timestamp = Math.floor(Date.now() / 1000) + (offset ?? 0);
    const res = await sendSigned(relay.url, { id: nextId(), timestamp, ...opts });
    expect(res.status).toBe(status);
    if (json !== undefined) expect(await res.json()).toEqual(json);
  });

  it("answers duplicate for a webhook-id already seen, even with a fresh signature", async () => {
    const id = nextId();
    expect(await (await sendSigned(relay.url, { id, body })).json()).toEqual({
      status: "accepted",
    });
    const again = await sendSigned(relay.url, {
      id,
      body,
      timestamp: Math.floor(Date.now() / 1000) + 1,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "duplicate" });
  });

  it("answers 415 to a body that is not JSON", async () => {
    const res = await fetch(`${relay.url}/webhooks/content-review`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    expect(res.status).toBe(415);
  });

  it("answers 413 to a body over 1 MiB", async () => {
    const res = await sendSigned(relay.url, { id: nextId(), body: `"${"x".repeat(1024 * 1024)}"` });
    expect(res.status).toBe(413);
  });
});

describe("startRelay relays", () => {
  it("posts one parent message, updates it, threads failures and sets the commit status", async () => {
    const submissionId = "sub-flow";
    const link = await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        submissionId,
        repository: "acme/site",
        sha: SHA,
        pullRequest: 7,
        assetCount: 2,
      }),
    });
    expect(link.status).toBe(202);
    await sendSigned(relay.url, {
      id: nextId(),
      body: eventBody({ submissionId, assetId: "a-ok", issueCount: 0 }),
    });
    await waitUntil("a pending status", () =>
      github.statuses.some((s) => s.state === "pending" && s.description === "1/2 assets reviewed"),
    );
    await sendSigned(relay.url, {
      id: nextId(),
      body: eventBody({
        type: "asset.processing.failed",
        submissionId,
        assetId: "a-bad",
        errorMessage: "Decoder said <!channel> & <@U123>",
      }),
    });
    await waitUntil("the final status", () => github.statuses.some((s) => s.state === "error"));

    const parents = slack.messages.filter(
      (m) => m.threadTs === null && m.metadata?.event_payload["submission_id"] === submissionId,
    );
    expect(parents).toHaveLength(1);
    const parent = parents[0]!;
    expect(parent.history.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(parent.blocks)).toContain("acme/site#7");
    const replies = slack.messages.filter((m) => m.threadTs === parent.ts);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toContain("&lt;!channel&gt; &amp; &lt;@U123&gt;");
    expect(replies[0]!.text).not.toContain("<!channel>");

    const final = github.statuses.at(-1)!;
    expect(final).toMatchObject({
      repository: "acme/site",
      sha: SHA,
      state: "error",
      context: "content-review",
      target_url: `${github.apiUrl}/acme/site/pull/7`,
    });
    expect(final.description!.length).toBeLessThanOrEqual(140);
    // Every call the relay made is one GitHub's OpenAPI description allows.
    expect(github.violations).toEqual([]);
  });

  it("relays a 20,000-character error whole to the journal and cut within Block Kit's limits to Slack", async () => {
    const submissionId = "sub-long-error";
    const errorMessage = "The decoder gave up <here> & there. ".repeat(600).slice(0, 20_000);
    const id = nextId();
    const res = await sendSigned(relay.url, {
      id,
      body: eventBody({
        type: "asset.processing.failed",
        submissionId,
        assetId: "a-long",
        errorMessage,
      }),
    });
    expect(await res.json()).toEqual({ status: "accepted" });
    const journaled = (await relay.journal.listEntries(50)).find((e) => e.id === id);
    expect(journaled?.event).toMatchObject({ errorMessage });
    // The fake Slack refuses what Slack would (blocks, section and text limits): the reply arrives.
    await waitUntil("the failure reply", () =>
      slack.messages.some(
        (m) => m.threadTs !== null && m.metadata?.event_payload["reply_key"] === id,
      ),
    );
    const reply = slack.messages.find((m) => m.metadata?.event_payload["reply_key"] === id);
    expect(reply?.text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
    expect(reply?.text).toContain("The decoder gave up &lt;here&gt; &amp; there.");
    expect(reply?.text.endsWith("…")).toBe(true);
    expect(slack.calls.filter((c) => c.error !== null && c.error !== "invalid_auth")).toEqual([]);
  });

  it("logs each effect at debug with its destination", async () => {
    const submissionId = "sub-logged";
    const sha = "fedcba9876543210fedcba9876543210fedcba98";
    await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ submissionId, repository: "acme/site", sha, assetCount: 1 }),
    });
    await sendSigned(relay.url, {
      id: nextId(),
      body: eventBody({ submissionId, assetId: "a-logged", issueCount: 0 }),
    });
    await waitUntil("the final status", () =>
      github.statuses.some((st) => st.sha === sha && st.state === "success"),
    );
    const effects = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry["level"] === "debug" && entry["message"] === "effect");
    expect(effects).toContainEqual(
      expect.objectContaining({
        effect: `slack-parent:${submissionId}`,
        destination: expect.stringMatching(/^Slack channel C0REVIEW \(127\.0\.0\.1:\d+\)$/),
        outcome: "performed",
      }),
    );
    expect(effects).toContainEqual(
      expect.objectContaining({
        destination: expect.stringMatching(
          /^GitHub commit statuses \(127\.0\.0\.1:\d+\) acme\/site@fedcba9$/,
        ),
        outcome: "performed",
      }),
    );
    expect(logLines.join("\n")).not.toMatch(/xoxb-|ghs_|whsec_/);
  });

  it("relays an unlinked submission to Slack only", async () => {
    const before = github.statuses.length;
    await sendSigned(relay.url, {
      id: nextId(),
      body: eventBody({ submissionId: "sub-unlinked", assetId: "a-1", issueCount: 3 }),
    });
    await waitUntil("the Slack message", () =>
      slack.messages.some((m) => m.metadata?.event_payload["submission_id"] === "sub-unlinked"),
    );
    expect(github.statuses.length).toBe(before);
  });
});

describe("startRelay admin routes", () => {
  it.each([
    ["POST", "/links"],
    ["GET", "/deliveries"],
    ["POST", "/deliveries/x/redeliver"],
  ])("%s %s requires the bearer token", async (method, path) => {
    const res = await fetch(`${relay.url}${path}`, {
      method,
      headers: { authorization: "Bearer wrong-token-000000" },
    });
    expect(res.status).toBe(401);
  });

  it("GET /deliveries lists recent events with their state, and redeliver requeues one", async () => {
    const id = nextId();
    await sendSigned(relay.url, {
      id,
      body: eventBody({ submissionId: "sub-admin", assetId: "a-1" }),
    });
    await waitUntil("the delivery is done", async () => {
      const list = (await (await fetch(`${relay.url}/deliveries`, { headers: auth })).json()) as {
        data: { id: string; state: string }[];
      };
      return list.data.some((d) => d.id === id && d.state === "done");
    });
    const redeliver = await fetch(`${relay.url}/deliveries/${id}/redeliver`, {
      method: "POST",
      headers: auth,
    });
    expect(redeliver.status).toBe(202);
    const missing = await fetch(`${relay.url}/deliveries/nope/redeliver`, {
      method: "POST",
      headers: auth,
    });
    expect(missing.status).toBe(404);
  });

  it("GET /healthz, /readyz and /metrics answer", async () => {
    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${relay.url}/readyz`)).json()).toEqual({
      status: "ready",
      store: "sqlite",
    });
    const metrics = await (await fetch(`${relay.url}/metrics`)).text();
    expect(metrics).toMatch(/^relay_webhooks_received_total [1-9]\d*$/m);
    expect(metrics).toMatch(/^relay_webhooks_duplicates_total [1-9]\d*$/m);
    expect(metrics).toMatch(/^relay_webhooks_rejected_total\{reason="bad-signature"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^relay_queue_depth \d+$/m);
    expect(metrics).toMatch(/^relay_webhooks_ignored_total [1-9]\d*$/m);
    expect(metrics).toMatch(/^relay_journal_pruned_total 0$/m);
  });
});

describe("startRelay POST /links", () => {
  const post = (body: Record<string, unknown>, key?: string) =>
    fetch(`${relay.url}/links`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_RELAY_TOKEN}`,
        "content-type": "application/json",
        ...(key === undefined ? {} : { "idempotency-key": key }),
      },
      body: JSON.stringify(body),
    });
  const linksOf = async (submissionId: string) =>
    (await relay.journal.listEntries(500)).filter(
      (e) => e.event.kind === "link.registered" && e.event.submissionId === submissionId,
    );

  it("journals a link once however often the same Idempotency-Key sends it (the Action's retries)", async () => {
    const link = { submissionId: "sub-idem", repository: "acme/site", sha: SHA, assetCount: 1 };
    const first = await post(link, '"content-review-link-abc"');
    const retry = await post(link, '"content-review-link-abc"');
    const unquoted = await post(link, "content-review-link-abc");
    expect([first.status, retry.status, unquoted.status]).toEqual([202, 202, 202]);
    expect(await first.json()).toMatchObject({ status: "accepted" });
    expect(await retry.json()).toMatchObject({ status: "duplicate" });
    expect(await unquoted.json()).toMatchObject({ status: "duplicate" });
    expect(await linksOf("sub-idem")).toHaveLength(1);
  });

  it("without the header dedupes on the link itself: repository, commit, submission, context", async () => {
    const link = { submissionId: "sub-natural", repository: "acme/site", sha: SHA };
    expect(await (await post(link)).json()).toMatchObject({ status: "accepted" });
    expect(await (await post(link)).json()).toMatchObject({ status: "duplicate" });
    expect(await (await post({ ...link, context: "other" })).json()).toMatchObject({
      status: "accepted",
    });
    expect(await linksOf("sub-natural")).toHaveLength(2);
  });

  // No GitHub repository or owner is named "." or "..": in the statuses URL they climb out of
  // /repos/{owner}/{repo} (to /statuses/{sha}, say), and the status could never be set.
  it.each(["../..", "acme/..", "./site", "acme/."])(
    "refuses a link to repository %j with 400 and journals nothing",
    async (repository) => {
      const res = await post({ submissionId: "sub-dots", repository, sha: SHA });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_link" });
      expect(await linksOf("sub-dots")).toHaveLength(0);
    },
  );

  it.each(['""', "has space", "x".repeat(256)])(
    "refuses Idempotency-Key %j with 400 and journals nothing",
    async (key) => {
      const res = await post(
        { submissionId: "sub-badkey", repository: "acme/site", sha: SHA },
        key,
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_idempotency_key" });
      expect(await linksOf("sub-badkey")).toHaveLength(0);
    },
  );
});
