// @ts-nocheck
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SIDEKICKS, startHarness } from "./emulator-harness.ts";

describe("emulator --data-dir", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("keeps keys, submissions, uploads and subscriptions across a restart", async () => {
    dir = await mkdtemp(join(tmpdir(), "emulator-data-"));
    const first = await startHarness({ dataDir: dir, allowInsecureWebhooks: true });
    const blobPath = await first.upload("kept.txt", "text/plain", Buffer.from("guaranteed"));
    const created = await first.call("POST", "/api/submissions", {
      body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
    });
    await first.waitForSubmission(created.body.submissionId);
    const pending = await first.upload("later.txt", "text/plain", Buffer.from("clinically proven"));
    const sub = await first.call("POST", "/api/webhooks/subscriptions", {
      body: { endpointUrl: "http://127.0.0.1:9/hook", eventTypes: ["asset.processing.completed"] },
    });
    await first.close();

    const second = await startHarness({ dataDir: dir });
    try {
      expect(second.emu.liveKey).toBe(first.emu.liveKey);
      expect(second.emu.workspaceId).toBe(first.emu.workspaceId);
      const again = await second.call("GET", `/api/submissions/${created.body.submissionId}`);
      expect(again.body.status).toBe("complete");
      expect((await second.call("GET", `/api/webhooks/subscriptions/${sub.body.id}`)).status).toBe(
        200,
      );
      const later = await second.call("POST", "/api/submissions", {
        body: { assets: [{ blobPath: pending }], sidekickIds: SIDEKICKS },
      });
      expect(later.status).toBe(201);
      expect((await second.waitForSubmission(later.body.submissionId)).status).toBe("complete");
      expect((await second.control("GET", "/_emulator/ledger")).body.submissions).toBe(2);
    } finally {
      await second.close();
    }
  });
});
