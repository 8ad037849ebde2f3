// @ts-nocheck
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  operations,
  zAssetProcessingCompletedData,
  zAssetProcessingFailedData,
  zWebhookEvent,
} from "../../src/api/generated/index.ts";
import { makePdf } from "../fixtures/media/make-media.ts";
import { responseProblems, SIDEKICKS, startHarness, startReceiver } from "./emulator-harness.ts";

describe("emulator responses match the OpenAPI schemas", () => {
  it("every operation answers with a body that validates against its generated schema", async () => {
    const h = await startHarness({ allowInsecureWebhooks: true });
    const receiver = await startReceiver();
    try {
      const k = { key: h.emu.sandboxKey };
      const blobPath = await h.upload(
        "brochure.pdf",
        "application/pdf",
        await makePdf(["guaranteed #1", "clinically proven"]),
      );
      await h.call("POST", "/api/pricing/estimate", { body: { files: [{ blobPath }] } });
      const sub = await h.call("POST", "/api/webhooks/subscriptions", {
        body: {
          endpointUrl: receiver.url,
          eventTypes: ["asset.processing.completed", "asset.processing.failed"],
        },
      });
      const created = await h.call("POST", "/api/submissions", {
        body: {
          assets: [{ blobPath, tags: [{ key: "campaign", value: "spring" }] }],
          sidekickIds: SIDEKICKS,
        },
      });
      const done = await h.waitForSubmission(created.body.submissionId);
      const base = `/api/submissions/${created.body.submissionId}/assets/${done.assets[0].assetId}`;
      await h.call("GET", base);
      await h.call("GET", `${base}/issues`);
      await h.call("GET", `${base}/topics`);
      await h.call("GET", `/api/submissions/${created.body.submissionId}/versions`);
      const tags = await h.control("GET", "/_emulator/tags");
      await h.call("GET", `/api/assets?tagKeyIds=${tags.body[0].keyId}`);
      const sandbox = await h.call("POST", "/api/submissions", {
        ...k,
        body: {
          assets: [{ blobPath: `${randomUUID()}/a__sandbox_retryable_error__.mp4` }],
          sidekickIds: SIDEKICKS,
        },
      });
      await h.call(
        "POST",
        `/api/submissions/${sandbox.body.submissionId}/assets/${sandbox.body.assets[0].assetId}/retry`,
        k,
      );
      await h.call("POST", "/api/sandbox/events/fire", {
        ...k,
        body: { eventType: "asset.processing.failed", submissionId: sandbox.body.submissionId },
      });
      await h.call("GET", "/api/webhooks/subscriptions");
      await h.call("GET", `/api/webhooks/subscriptions/${sub.body.id}`);
      await h.call("PATCH", `/api/webhooks/subscriptions/${sub.body.id}`, {
        body: { enabled: true },
      });
      await receiver.waitFor(2);
      await h.call("GET", `/api/webhooks/subscriptions/${sub.body.id}/deliveries`);
      await h.call("GET", "/api/insights/processing/time-saved");
      await h.call("GET", "/api/insights/assets/violation-rate");
      await h.call("GET", "/api/insights/processing/duration");
      await h.call("GET", "/api/insights/rules/top-violations");
      await h.call("DELETE", `/api/webhooks/subscriptions/${sub.body.id}`);

      const succeeded = new Set(
        h.responses.filter((r) => r.status < 300).map((r) => r.operationId),
      );
      expect([...succeeded].sort()).toEqual(Object.keys(operations).sort());
      expect(h.responses.flatMap(responseProblems)).toEqual([]);

      for (const r of receiver.received) {
        const event = zWebhookEvent.parse(JSON.parse(r.body));
        const dataSchema =
          event.type === "asset.processing.completed"
            ? zAssetProcessingCompletedData
            : zAssetProcessingFailedData;
        expect(dataSchema.safeParse(event.data).success).toBe(true);
      }
    } finally {
      await receiver.close();
      await h.close();
    }
  });
});
