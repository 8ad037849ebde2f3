// @ts-nocheck
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLogger,
  createRelayApp,
  createRelayMetrics,
  type Journal,
  type RedeliverResult,
} from "../../../receiver/index.ts";
import { eventBody, sendSigned, TEST_RELAY_TOKEN, TEST_SECRET } from "../helpers/signed-sender.ts";

// A journal that answers redeliver with what the delivery id says ("busy-1" -> busy).
const journal = {
  kind: "sqlite",
  ingest: async () => "accepted",
  redeliver: async (id: string) => id.split("-")[0] as RedeliverResult,
} as unknown as Journal;

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(
    createRelayApp({
      scheme: "standard-webhooks",
      secrets: [TEST_SECRET],
      toleranceSeconds: 300,
      relayToken: TEST_RELAY_TOKEN,
      journal,
      metrics: createRelayMetrics(),
      logger: createLogger("silent"),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("createRelayApp", () => {
  it.each([
    { id: "requeued-1", status: 202, body: { status: "requeued" } },
    // Still waiting or running: a replay now would race it, so it is refused, not faked.
    { id: "busy-1", status: 409, body: { error: "in_progress" } },
    { id: "unknown-1", status: 404, body: { error: "not_found" } },
  ])("POST /deliveries/$id/redeliver answers $status", async ({ id, status, body }) => {
    const res = await fetch(`${url}/deliveries/${id}/redeliver`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject(body);
  });

  it("serves the webhook route also under the spellings Express routes (trailing slash)", async () => {
    const res = await sendSigned(url, {
      id: "msg_direct",
      body: eventBody({ submissionId: "s", assetId: "a" }),
    });
    expect(await res.json()).toEqual({ status: "accepted" });
    const slash = await fetch(`${url}/webhooks/content-review/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    // Reached the webhook handler (a signature check), not Express's 404.
    expect(slash.status).toBe(401);
  });
});
