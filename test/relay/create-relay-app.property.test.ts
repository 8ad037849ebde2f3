import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLogger,
  createRelayApp,
  createRelayMetrics,
  openSqliteJournal,
} from "../../relay/index.ts";
import type { Journal } from "../../relay/journal/index.ts";
import { signWebhook } from "../../src/webhooks/index.ts";
import { TEST_RELAY_TOKEN, TEST_SECRET } from "./helpers/signed-sender.ts";

let server: Server;
let journal: Journal;
let url: string;

beforeAll(async () => {
  journal = openSqliteJournal({ path: ":memory:", retry: { maxAttempts: 1, baseMs: 1, maxMs: 1 } });
  const app = createRelayApp({
    scheme: "standard-webhooks",
    secrets: [TEST_SECRET],
    toleranceSeconds: 300,
    relayToken: TEST_RELAY_TOKEN,
    journal,
    metrics: createRelayMetrics(),
    logger: createLogger("silent"),
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await journal.close(0);
});

// Printable ASCII only: fetch itself refuses other header bytes before anything is sent.
const headerValue = fc.string({
  unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@AZaz[\\]^_`{|}~v1,"),
  maxLength: 80,
});
const body = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.json({ maxDepth: 3 }),
  fc
    .record({
      type: fc.oneof(
        fc.constantFrom("asset.processing.completed", "asset.processing.failed"),
        fc.string(),
      ),
      data: fc.dictionary(
        fc.constantFrom("asset_id", "submission_id", "status", "error_message", "issue_count", "x"),
        fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean()),
      ),
    })
    .map((v) => JSON.stringify(v)),
);

describe("createRelayApp (property)", () => {
  it("never crashes and never answers 5xx, whatever the headers and body", async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom(
          "application/json",
          "application/cloudevents+json",
          "text/plain",
          "",
          "application/json; charset=utf-8",
          "multipart/form-data",
        ),
        fc.record(
          {
            "webhook-id": headerValue,
            "webhook-timestamp": headerValue,
            "webhook-signature": headerValue,
          },
          { requiredKeys: [] },
        ),
        fc.boolean(),
        fc.integer({ min: -1000, max: 1000 }),
        async (text, contentType, randomHeaders, signIt, skew) => {
          const headers: Record<string, string> = { ...randomHeaders };
          if (contentType !== "") headers["content-type"] = contentType;
          if (signIt) {
            Object.assign(
              headers,
              signWebhook({
                scheme: "standard-webhooks",
                secret: TEST_SECRET,
                id: randomHeaders["webhook-id"] || "msg_prop",
                timestamp: Math.floor(Date.now() / 1000) + skew,
                body: text,
              }),
            );
          }
          const res = await fetch(`${url}/webhooks/content-review`, {
            method: "POST",
            headers,
            body: text,
          });
          await res.arrayBuffer();
          expect([200, 400, 401, 413, 415]).toContain(res.status);
        },
      ),
      { numRuns: 300, seed: 20261122 },
    );
    // The relay still answers after the run.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
