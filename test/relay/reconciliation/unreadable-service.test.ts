/**
 * Reconciliation against a service it cannot read (a 500 or a 401 on every read): a linked
 * submission whose webhooks never came still gets its final `error` once RECONCILE_MAX_HOURS
 * has passed ("a status never stays pending for ever", docs/relay.md), and not before. Real
 * HTTP on loopback: one relay, a stand-in of the service failing each submission's reads its
 * own way, and the GitHub stand-in; both submissions are linked at once and wait out the limit
 * side by side. Reconciliation's clock is the test's: it moves past the limit instead of
 * waiting for it.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { GithubStandIn } from "../../../emulator/github/index.ts";
import { createServiceReader } from "../../../relay/reconciliation/service-reader.ts";
import { registerTeardown } from "../../helpers/register-teardown.ts";
import { TEST_SERVICE_KEY } from "../helpers/relay-test-env.ts";
import { TEST_RELAY_TOKEN, waitUntil } from "../helpers/signed-sender.ts";
import { startTestRelay } from "../helpers/start-test-relay.ts";
import { type SubmissionService, startSubmissionService } from "../helpers/submission-service.ts";

const CASES = [
  { status: 500, body: { error: "internal" } },
  { status: 401, body: { error: "unauthorized" } },
];

const HOUR = 3_600_000;

describe("reconciliation when the service answers an error to every read", () => {
  let service: SubmissionService;
  let github: GithubStandIn;
  /** How far reconciliation's clock is ahead of the real one. */
  let ahead = 0;
  /** Each case's linked submission and commit. */
  const linked = new Map<number, { submissionId: string; sha: string }>();
  /** Each case's statuses other than `pending` after its first check, before the limit. */
  const finalBeforeLimit = new Map<number, unknown[]>();
  const reads = (submissionId: string) => service.reads.filter((id) => id === submissionId);

  beforeAll(async () => {
    service = await startSubmissionService();
    registerTeardown(() => service.close());
    const started = await startTestRelay({
      github: true,
      env: {
        CONTENT_REVIEW_BASE_URL: service.url,
        CONTENT_REVIEW_API_KEY: TEST_SERVICE_KEY,
        // Not due on the real clock: only when the test moves reconciliation's clock on.
        RECONCILE_AFTER_SECONDS: "600",
        RECONCILE_SWEEP_SECONDS: "0.1",
        RECONCILE_MAX_HOURS: "24",
      },
      overrides: {
        reconcileNow: () => Date.now() + ahead,
        // The relay's reader, giving a read up at its first failure: the API client's retries
        // of a 500 (their own tests) would only make each check longer, never change it.
        service: createServiceReader({
          baseUrl: service.url,
          apiKey: TEST_SERVICE_KEY,
          maxElapsedMs: 0,
        }),
      },
    });
    github = started.github!;
    for (const { status, body } of CASES) {
      const submissionId = randomUUID();
      const sha = randomUUID().replaceAll("-", "").padEnd(40, "0").slice(0, 40);
      service.fail(submissionId, status, body);
      const res = await fetch(`${started.url}/links`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_RELAY_TOKEN}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ submissionId, repository: "acme/site", sha, assetCount: 1 }),
      });
      expect(res.status).toBe(202);
      linked.set(status, { submissionId, sha });
    }
    // Due (RECONCILE_AFTER_SECONDS), and due again after the first check's backoff: two checks
    // that fail to read, a day before the limit. A second read means the first check ended.
    const both = [...linked.values()];
    ahead = HOUR;
    await waitUntil("a read of each", () => both.every((l) => reads(l.submissionId).length >= 1));
    ahead = 2 * HOUR;
    const final = (sha: string) =>
      github.statuses.filter((s) => s.sha === sha && s.state !== "pending");
    // A final status instead ends the wait too: the test then fails on it.
    await waitUntil("two reads of each", () =>
      both.every((l) => reads(l.submissionId).length >= 2 || final(l.sha).length > 0),
    );
    for (const [status, { sha }] of linked) finalBeforeLimit.set(status, final(sha));
    ahead = 25 * HOUR;
  });

  it.each(CASES)(
    "($status) sets a final error status once RECONCILE_MAX_HOURS has passed",
    async ({ status }) => {
      const { sha } = linked.get(status)!;
      const ours = () => github.statuses.filter((s) => s.sha === sha);
      // Its checks before the limit set nothing final.
      expect(finalBeforeLimit.get(status)).toEqual([]);
      await waitUntil("a final status", () => ours().some((s) => s.state !== "pending"));
      expect(ours().at(-1)?.state).toBe("error");
      expect(ours().at(-1)?.description).toMatch(/RECONCILE_MAX_HOURS/);
    },
  );
});
