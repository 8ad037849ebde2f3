/**
 * Reconciliation against a service it cannot read (a 500 or a 401 on every call): a linked
 * submission whose webhooks never came still gets its final `error` once RECONCILE_MAX_HOURS
 * has passed ("a status never stays pending for ever", docs/relay.md). Real HTTP on loopback:
 * the relay, a scripted service and the GitHub stand-in.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { registerTeardown } from "../../helpers/register-teardown.ts";
import { startScriptedServer } from "../../helpers/scripted-server.ts";
import { TEST_RELAY_TOKEN, waitUntil } from "../helpers/signed-sender.ts";
import { startTestRelay } from "../helpers/start-test-relay.ts";

describe("reconciliation when the service answers an error to every read", () => {
  it.each([
    { status: 500, body: { error: "internal" } },
    { status: 401, body: { error: "unauthorized" } },
  ])(
    "($status) sets a final error status once RECONCILE_MAX_HOURS has passed",
    async ({ status, body }) => {
      const service = await startScriptedServer([{ status, body }]);
      registerTeardown(() => service.close());
      const { url, github } = await startTestRelay({
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
      const submissionId = randomUUID();
      const sha = randomUUID().replaceAll("-", "").padEnd(40, "0").slice(0, 40);
      const res = await fetch(`${url}/links`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_RELAY_TOKEN}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ submissionId, repository: "acme/site", sha, assetCount: 1 }),
      });
      expect(res.status).toBe(202);
      const ours = () => github!.statuses.filter((s) => s.sha === sha);
      await waitUntil("the service read", () => service.seen.length > 0);
      await waitUntil("a final status", () => ours().some((s) => s.state !== "pending"));
      expect(ours().at(-1)?.state).toBe("error");
      expect(ours().at(-1)?.description).toMatch(/RECONCILE_MAX_HOURS/);
    },
  );
});
