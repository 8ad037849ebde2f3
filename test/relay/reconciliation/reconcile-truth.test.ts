/**
 * Reconciliation takes the service's current read as the truth, on both journals, through the
 * real relay over loopback HTTP (a stand-in of the service's submission read, the GitHub
 * stand-in): a retried asset's success wins whether the retry comes before reconciliation's
 * read or after it set a final `error`; odd submission ids each get their own final status;
 * a link whose first status failed (dead-lettered) is reconciled all the same. Each test links
 * submissions of its own. Reconciliation's clock is the tests': nothing comes due until a test
 * moves it past RECONCILE_AFTER_SECONDS, once what the check should find is in place.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../../relay/index.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../helpers/postgres.ts";
import { githubTestEnv, reconcileTestEnv, relayTestEnv } from "../helpers/relay-test-env.ts";
import { sendSigned, TEST_RELAY_TOKEN, waitUntil } from "../helpers/signed-sender.ts";
import { type SubmissionService, startSubmissionService } from "../helpers/submission-service.ts";

const GITHUB_TOKEN = "ghs_reconcile_truth";
const hasPostgres = hasTestPostgres();
// In the run's private TMPDIR, removed at its end.
const dir = mkdtempSync(join(tmpdir(), "relay-reconcile-truth-"));

const stores = [
  {
    name: "sqlite",
    skip: false,
    store: () => ({ STORE_URL: `sqlite:${join(dir, `${randomUUID()}.db`)}` }),
  },
  {
    name: "postgres",
    skip: !hasPostgres,
    store: () => ({ STORE_URL: TEST_POSTGRES_URL, STORE_SCHEMA: testSchema("rtruth") }),
  },
];

const newSha = () => randomUUID().replaceAll("-", "").padEnd(40, "0");
/** Past RECONCILE_AFTER_SECONDS (reconcileTestEnv) and every backoff between two checks, well short of RECONCILE_MAX_HOURS. */
const CHECK_DUE_MS = 2 * 3_600_000;

describe.each(stores)("reconciliation reads the truth ($name)", ({ skip, store }) => {
  let github: GithubStandIn;
  let service: SubmissionService;
  let relay: RelayHandle;
  let githubDown = false;
  /** How far reconciliation's clock is ahead of the real one. */
  let ahead = 0;
  /** Moves reconciliation's clock on: every watched submission's next check comes due. */
  const checksDue = () => {
    ahead += CHECK_DUE_MS;
  };

  beforeAll(async () => {
    if (skip) return;
    github = await startGithubStandIn({ token: GITHUB_TOKEN, fail: () => githubDown });
    service = await startSubmissionService();
    relay = await startRelay(
      resolveRelayConfig(
        relayTestEnv(store(), githubTestEnv(github, GITHUB_TOKEN), reconcileTestEnv(service)),
      ),
      { logger: createLogger("silent"), reconcileNow: () => Date.now() + ahead },
    );
  });
  // Each test's links are due only once it moves the clock, however far earlier tests moved it.
  beforeEach(() => {
    ahead = 0;
  });
  afterAll(async () => {
    await relay?.close();
    await service?.close();
    await github?.close();
  });

  async function link(submissionId: string, sha: string, assetCount: number): Promise<void> {
    const res = await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ submissionId, repository: "acme/site", sha, assetCount }),
    });
    expect(res.status, await res.text()).toBe(202);
  }
  const states = (sha: string) => github.statuses.filter((s) => s.sha === sha).map((s) => s.state);
  const finalState = (sha: string, state: string) =>
    waitUntil(`${state} on ${sha}`, () => states(sha).at(-1) === state, 30_000);

  it.skipIf(skip)(
    "reconciliation: an asset retried before the read ends success, its reported failure replaced",
    async () => {
      const [sid, a, b, sha] = [randomUUID(), randomUUID(), randomUUID(), newSha()];
      await link(sid, sha, 2);
      const failure = await sendSigned(relay.url, {
        id: `msg_${randomUUID()}`,
        body: JSON.stringify({
          type: "asset.processing.failed",
          timestamp: new Date(Date.now() - 60_000).toISOString(),
          data: { asset_id: a, submission_id: sid, status: "failed", error_message: "boom" },
        }),
      });
      expect(failure.status).toBe(200);
      // Relayed before the check: the failure is what the relay holds when the read comes.
      await waitUntil("the failure relayed", async () =>
        (await relay.journal.listEntries(100)).some(
          (e) =>
            e.event.kind === "asset.processing.failed" &&
            e.event.submissionId === sid &&
            e.state === "done",
        ),
      );
      // The retry completed and its webhook, like the other asset's, was lost.
      service.set(sid, [
        { assetId: a, status: "complete" },
        { assetId: b, status: "complete" },
      ]);
      checksDue();
      await finalState(sha, "success");
      expect(states(sha)).not.toContain("error");
    },
    60_000,
  );

  it.skipIf(skip)(
    "reconciliation: an asset retried after the final error ends success (the submission stays watched)",
    async () => {
      const [sid, a, b, sha] = [randomUUID(), randomUUID(), randomUUID(), newSha()];
      service.set(sid, [
        { assetId: a, status: "failed", isRetryable: true },
        { assetId: b, status: "complete" },
      ]);
      await link(sid, sha, 2);
      checksDue();
      await finalState(sha, "error");
      service.set(sid, [
        { assetId: a, status: "complete" },
        { assetId: b, status: "complete" },
      ]);
      checksDue();
      await finalState(sha, "success");
      expect(states(sha)).toEqual(["pending", "error", "success"]);
    },
    60_000,
  );

  it.skipIf(skip)(
    "reconciliation: odd ids (lone surrogates, U+0000, a colon, a leading space) each get their own final status",
    async () => {
      const known = ["o\u0000", "p:q", "p", " x", "x", "x\u00a0", "\ufeffx"];
      const unaskable = ["o\uD800", "o\uDC00"];
      const shas = new Map([...known, ...unaskable].map((id) => [id, newSha()]));
      for (const id of known) service.set(id, [{ assetId: randomUUID(), status: "complete" }]);
      for (const [id, sha] of shas) await link(id, sha, 1);
      checksDue();
      // An id no URL can name is one the service cannot know: a final error, as a 404.
      for (const id of unaskable) await finalState(shas.get(id) as string, "error");
      for (const id of known) await finalState(shas.get(id) as string, "success");
      for (const sha of shas.values()) expect(states(sha)).toHaveLength(2);
    },
    60_000,
  );

  it.skipIf(skip)(
    "reconciliation: a link dead-lettered because its status failed is still reconciled",
    async () => {
      const [sid, a, sha] = [randomUUID(), randomUUID(), newSha()];
      githubDown = true;
      try {
        await link(sid, sha, 1);
        await waitUntil("the link dead-lettered", async () => {
          const res = await fetch(`${relay.url}/deliveries?limit=50`, {
            headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
          });
          const { data } = (await res.json()) as { data: { type: string; state: string }[] };
          return data.some((d) => d.type === "link.registered" && d.state === "dead");
        });
      } finally {
        githubDown = false;
      }
      service.set(sid, [{ assetId: a, status: "complete" }]);
      checksDue();
      await finalState(sha, "success");
    },
    60_000,
  );
});
