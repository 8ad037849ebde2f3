/**
 * Reconciliation against a service it cannot read (a 500 or a 401 on every read): a linked
 * submission whose webhooks never came still gets its final `error` once RECONCILE_MAX_HOURS
 * has passed ("a status never stays pending for ever", docs/relay.md). Real HTTP on loopback:
 * one relay, a stand-in of the service failing each submission's reads its own way, and the
 * GitHub stand-in; both submissions are linked at once and wait out the limit side by side.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { GithubStandIn } from "../../../emulator/github/index.ts";
import { registerTeardown } from "../../helpers/register-teardown.ts";
import { TEST_RELAY_TOKEN, waitUntil } from "../helpers/signed-sender.ts";
import { startTestRelay } from "../helpers/start-test-relay.ts";
import { type SubmissionService, startSubmissionService } from "../helpers/submission-service.ts";

const CASES = [
  { status: 500, body: { error: "internal" } },
  { status: 401, body: { error: "unauthorized" } },
];

describe("reconciliation when the service answers an error to every read", () => {
  let service: SubmissionService;
  let github: GithubStandIn;
  /** Each case's linked submission and commit. */
  const linked = new Map<number, { submissionId: string; sha: string }>();

  beforeAll(async () => {
    service = await startSubmissionService();
    registerTeardown(() => service.close());
    const started = await startTestRelay({
      github: true,
      env: {
        CONTENT_REVIEW_BASE_URL: service.url,
        CONTENT_REVIEW_API_KEY: "sk_test_0123456789abcdef",
        RECONCILE_AFTER_SECONDS: "1",
        RECONCILE_SWEEP_SECONDS: "0.1",
        // 3.6 s after the link.
        RECONCILE_MAX_HOURS: "0.001",
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
  });

  it.each(CASES)(
    "($status) sets a final error status once RECONCILE_MAX_HOURS has passed",
    async ({ status }) => {
      const { submissionId, sha } = linked.get(status)!;
      const ours = () => github.statuses.filter((s) => s.sha === sha);
      await waitUntil("the service read", () => service.reads.includes(submissionId));
      await waitUntil("a final status", () => ours().some((s) => s.state !== "pending"));
      expect(ours().at(-1)?.state).toBe("error");
      expect(ours().at(-1)?.description).toMatch(/RECONCILE_MAX_HOURS/);
    },
  );
});
