/**
 * Reconciliation against a service it cannot read (a 500 or a 401 on every call): a linked
 * submission whose webhooks never came still gets its final `error` once RECONCILE_MAX_HOURS
 * has passed ("a status never stays pending for ever", docs/relay.md). Real HTTP on loopback:
 * the relay, a scripted service and the GitHub stand-in.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../../relay/index.ts";
import { startScriptedServer } from "../../helpers/scripted-server.ts";
import { relayTestEnv } from "../helpers/relay-test-env.ts";
import { TEST_RELAY_TOKEN, waitUntil } from "../helpers/signed-sender.ts";

const GITHUB_TOKEN = "ghs_unreadable_service";
const dir = mkdtempSync(join(tmpdir(), "relay-unreadable-"));
let github: GithubStandIn;
beforeAll(async () => {
  github = await startGithubStandIn({ token: GITHUB_TOKEN });
});
afterAll(async () => {
  await github?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  { status: 500, body: { error: "internal" } },
  { status: 401, body: { error: "unauthorized" } },
])("reconciliation when the service answers $status to every read", ({ status, body }) => {
  let relay: RelayHandle;
  let service: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    service = await startScriptedServer([{ status, body }]);
    const config = resolveRelayConfig(
      relayTestEnv({
        STORE_URL: `sqlite:${join(dir, `${status}.db`)}`,
        GITHUB_TOKEN,
        GITHUB_API_URL: github.apiUrl,
        CONTENT_REVIEW_BASE_URL: service.url,
        CONTENT_REVIEW_API_KEY: "sk_test_0123456789abcdef",
        RECONCILE_AFTER_SECONDS: "1",
        RECONCILE_SWEEP_SECONDS: "0.1",
        // 3.6 s after the link.
        RECONCILE_MAX_HOURS: "0.001",
      }),
    );
    relay = await startRelay(config, { logger: createLogger("silent") });
  });
  afterAll(async () => {
    await relay?.close();
    await service?.close();
  });

  it("sets a final error status once RECONCILE_MAX_HOURS has passed", async () => {
    const submissionId = randomUUID();
    const sha = randomUUID().replaceAll("-", "").padEnd(40, "0").slice(0, 40);
    const res = await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ submissionId, repository: "acme/site", sha, assetCount: 1 }),
    });
    expect(res.status).toBe(202);
    const ours = () => github.statuses.filter((s) => s.sha === sha);
    await waitUntil("the service read", () => service.seen.length > 0, 10_000);
    await waitUntil("a final status", () => ours().some((s) => s.state !== "pending"), 60_000);
    expect(ours().at(-1)?.state).toBe("error");
    expect(ours().at(-1)?.description).toMatch(/RECONCILE_MAX_HOURS/);
  }, 90_000);
});
