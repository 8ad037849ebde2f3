/**
 * A webhook older than what reconciliation read from the service: the asset failed, was
 * retried and completed, both webhooks were lost, reconciliation set `success` from the
 * service; then the first failure is delivered late. It must not move the status back (the
 * event is older than the state the service showed). Real HTTP on loopback: the relay, a
 * scripted service and the GitHub stand-in. Reconciliation's clock is the test's: the link
 * comes due when the test moves it on, not after real seconds.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../../relay/index.ts";
import { startScriptedServer } from "../../helpers/scripted-server.ts";
import { githubTestEnv, reconcileTestEnv, relayTestEnv } from "../helpers/relay-test-env.ts";
import { sendSigned, TEST_RELAY_TOKEN, waitUntil } from "../helpers/signed-sender.ts";

const GITHUB_TOKEN = "ghs_late_older_webhook";
const SUBMISSION_ID = randomUUID();
const ASSET_ID = randomUUID();
const SHA = randomUUID().replaceAll("-", "").padEnd(40, "0").slice(0, 40);
const dir = mkdtempSync(join(tmpdir(), "relay-late-older-"));
let github: GithubStandIn;
let service: Awaited<ReturnType<typeof startScriptedServer>>;
let relay: RelayHandle;
/** How far reconciliation's clock is ahead of the real one. */
let ahead = 0;

beforeAll(async () => {
  github = await startGithubStandIn({ token: GITHUB_TOKEN });
  // Every read gets the submission, its one asset complete (the enrichment reads fail to
  // parse, and the single attempt relays without them).
  service = await startScriptedServer([
    {
      status: 200,
      body: {
        submissionId: SUBMISSION_ID,
        status: "complete",
        assets: [{ assetId: ASSET_ID, status: "complete", issueCount: 0 }],
      },
    },
  ]);
  relay = await startRelay(
    resolveRelayConfig(
      relayTestEnv(
        { STORE_URL: `sqlite:${join(dir, "relay.db")}` },
        githubTestEnv(github, GITHUB_TOKEN),
        reconcileTestEnv(service),
      ),
    ),
    { logger: createLogger("silent"), reconcileNow: () => Date.now() + ahead },
  );
});
afterAll(async () => {
  await relay?.close();
  await service?.close();
  await github?.close();
});

it("reconciliation: a failure delivered after the service's later success sets nothing back", async () => {
  const failedAt = new Date(Date.now() - 60_000).toISOString();
  const res = await fetch(`${relay.url}/links`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({
      submissionId: SUBMISSION_ID,
      repository: "acme/site",
      sha: SHA,
      assetCount: 1,
    }),
  });
  expect(res.status).toBe(202);
  const ours = () => github.statuses.filter((s) => s.sha === SHA);
  // Past RECONCILE_AFTER_SECONDS, short of RECONCILE_MAX_HOURS: the link's check comes due.
  ahead = 3_600_000;
  await waitUntil("the reconciled success", () => ours().at(-1)?.state === "success", 20_000);

  const late = await sendSigned(relay.url, {
    id: `msg_${randomUUID()}`,
    body: JSON.stringify({
      type: "asset.processing.failed",
      timestamp: failedAt,
      data: {
        asset_id: ASSET_ID,
        submission_id: SUBMISSION_ID,
        status: "failed",
        error_message: "decoder crashed",
      },
    }),
  });
  expect(await late.json()).toEqual({ status: "accepted" });
  await waitUntil("the late failure done", async () => {
    const list = await fetch(`${relay.url}/deliveries?limit=10`, {
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
    });
    const { data } = (await list.json()) as { data: { type: string; state: string }[] };
    return data.some(
      (d) =>
        d.type === "asset.processing.failed" && d.state !== "pending" && d.state !== "processing",
    );
  });
  expect(ours().map((s) => s.state)).not.toContain("error");
  expect(ours().at(-1)?.state).toBe("success");
});
