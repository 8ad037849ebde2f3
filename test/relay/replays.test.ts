import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../emulator/github/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../relay/index.ts";
import { signWebhook, type WebhookScheme } from "../../src/webhooks/index.ts";
import { type FakeSlack, startFakeSlack } from "../fakes/fake-slack.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "./helpers/postgres.ts";
import { relayTestEnv } from "./helpers/relay-test-env.ts";
import { TEST_RELAY_TOKEN, waitUntil } from "./helpers/signed-sender.ts";

const SECRET = "a-github-or-stripe-secret-0123456789";
const SLACK_TOKEN = "xoxb-replays";
const GITHUB_TOKEN = "ghs_replays";
const SHA = "0123456789abcdef0123456789abcdef01234567";
const hasPostgres = hasTestPostgres();
const dir = mkdtempSync(join(tmpdir(), "relay-replays-"));

let slack: FakeSlack;
let github: GithubStandIn;
beforeAll(async () => {
  slack = await startFakeSlack({ token: SLACK_TOKEN });
  github = await startGithubStandIn({ token: GITHUB_TOKEN });
});
afterAll(async () => {
  await slack?.close();
  await github?.close();
});

/** A body as the service sends it, at `at` (its own, signed, event time). */
const body = (type: "completed" | "failed", submissionId: string, at: string) =>
  JSON.stringify({
    type: `asset.processing.${type}`,
    timestamp: at,
    data: {
      asset_id: "a-1",
      submission_id: submissionId,
      status: type === "failed" ? "failed" : "complete",
      ...(type === "failed" ? { error_message: "decoder crashed" } : { issue_count: 0 }),
    },
  });

/** The id header of each scheme, which its signature does not cover. */
const ID_HEADER: Record<"github" | "stripe", string> = {
  github: "x-github-delivery",
  stripe: "webhook-id",
};

/** Signs `text` under `scheme` and posts it with `id` as its (unsigned) id, or with no id. */
async function send(
  url: string,
  scheme: "github" | "stripe",
  text: string,
  id: string | null,
): Promise<unknown> {
  const headers = signWebhook({
    scheme,
    secret: SECRET,
    id: id ?? "",
    timestamp: Math.floor(Date.now() / 1000),
    body: text,
  });
  if (id === null) delete headers[ID_HEADER[scheme]];
  const res = await fetch(`${url}/webhooks/content-review`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: text,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

/** Links a submission to the commit, as the Action does. */
async function postLink(url: string, link: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${url}/links`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ repository: "acme/site", sha: SHA, assetCount: 1, ...link }),
  });
  expect(res.status).toBe(202);
}

const cases = (["github", "stripe"] as const).flatMap((scheme) => [
  { scheme, store: "sqlite", skip: false },
  { scheme, store: "postgres", skip: !hasPostgres },
]);

describe.each(cases)("relay replays ($scheme on $store)", ({ scheme, store, skip }) => {
  let relay: RelayHandle;
  beforeAll(async () => {
    if (skip) return;
    const schema = store === "postgres" ? testSchema("relay_replays") : "relay_replays";
    const config = resolveRelayConfig(
      relayTestEnv({
        SIGNATURE_SCHEME: scheme satisfies WebhookScheme,
        WEBHOOK_SECRETS: SECRET,
        STORE_URL: store === "sqlite" ? `sqlite:${join(dir, `${scheme}.db`)}` : TEST_POSTGRES_URL,
        STORE_SCHEMA: schema,
        SLACK_TOKEN,
        SLACK_CHANNEL: "C0REPLAY",
        SLACK_API_URL: slack.apiUrl,
        SLACK_MIN_INTERVAL_MS: "0",
        GITHUB_TOKEN,
        GITHUB_API_URL: github.apiUrl,
        RELAY_RETRY_BASE_MS: "20",
      }),
    );
    relay = await startRelay(config, { logger: createLogger("silent") });
  });
  afterAll(async () => {
    await relay?.close();
  });

  it.skipIf(skip)(
    "a signed body sent again under a new id, or none, is a duplicate: no second failure reply, no status set back",
    async () => {
      const submissionId = `sub-replay-${scheme}-${store}-${randomUUID()}`;
      await postLink(relay.url, { submissionId });
      const statuses = () => github.statuses.filter((s) => s.description?.includes("asset"));
      const thread = () =>
        slack.messages.filter(
          (m) => m.threadTs !== null && m.metadata?.event_payload["submission_id"] === submissionId,
        );
      // The failure's replies; the recovery adds one "Verdict changed" reply of its own.
      const isChange = (m: { text: string }) => m.text.startsWith("Verdict changed");
      const replies = () => thread().filter((m) => !isChange(m));
      const failed = body("failed", submissionId, "2026-11-27T10:00:00.000Z");
      expect(await send(relay.url, scheme, failed, randomUUID())).toBe("accepted");
      await waitUntil("the failure reply", () => replies().length === 1);
      // The asset recovers (a retry of it succeeded).
      const recovered = body("completed", submissionId, "2026-11-27T10:05:00.000Z");
      expect(await send(relay.url, scheme, recovered, randomUUID())).toBe("accepted");
      const ours = () =>
        github.statuses.filter((s) => s.sha === SHA && s.context === "content-review");
      // The status and the "Verdict changed" reply are two effects: both are in before the replays.
      await waitUntil(
        "the success status and the verdict's change in the thread",
        () => ours().at(-1)?.state === "success" && thread().some(isChange),
      );
      const before = statuses().length;

      expect(await send(relay.url, scheme, failed, randomUUID())).toBe("duplicate");
      expect(await send(relay.url, scheme, failed, null)).toBe("duplicate");
      expect(replies()).toHaveLength(1);
      expect(thread().filter(isChange)).toHaveLength(1);
      expect(ours().at(-1)?.state).toBe("success");
      expect(statuses()).toHaveLength(before);
    },
  );

  it.skipIf(skip)(
    "a failure older than the success already relayed (delivered late, not a replay) sets nothing back",
    async () => {
      const submissionId = `sub-stale-${scheme}-${store}-${randomUUID()}`;
      await postLink(relay.url, { submissionId, context: submissionId.slice(0, 90) });
      const ours = () => github.statuses.filter((s) => s.context === submissionId.slice(0, 90));
      const later = body("completed", submissionId, "2026-11-27T10:05:00.000Z");
      expect(await send(relay.url, scheme, later, randomUUID())).toBe("accepted");
      await waitUntil("the success status", () => ours().at(-1)?.state === "success");
      const older = body("failed", submissionId, "2026-11-27T10:00:00.000Z");
      expect(await send(relay.url, scheme, older, randomUUID())).toBe("accepted");
      await waitUntil("the stale entry done", async () => {
        const res = await fetch(`${relay.url}/deliveries?limit=5`, {
          headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
        });
        const { data } = (await res.json()) as {
          data: { type: string; submissionId: string; state: string }[];
        };
        return data.some(
          (d) =>
            d.submissionId === submissionId &&
            d.type === "asset.processing.failed" &&
            d.state === "done",
        );
      });
      // (A "pending" status for the link alone may come first.)
      expect(ours().map((s) => s.state)).not.toContain("error");
      expect(ours().at(-1)?.state).toBe("success");
      const replies = slack.messages.filter(
        (m) => m.threadTs !== null && m.metadata?.event_payload["submission_id"] === submissionId,
      );
      expect(replies).toEqual([]);
    },
  );
});
