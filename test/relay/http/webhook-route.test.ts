import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createWebhookRoute } from "../../../relay/http/webhook-route.ts";
import { createLogger, createRelayMetrics } from "../../../relay/index.ts";
import type { RelayEvent } from "../../../relay/relay-event.ts";
import { signWebhook } from "../../../src/webhooks/index.ts";
import { sendOversized } from "../../helpers/oversized-sender.ts";
import { eventBody, TEST_SECRET, waitUntil } from "../helpers/signed-sender.ts";

type Ingest = (id: string, event: RelayEvent) => Promise<"accepted" | "duplicate">;

let ingest: Ingest;
const calls: { id: string; event: RelayEvent }[] = [];
const logLines: string[] = [];
const metrics = createRelayMetrics();
let server: Server;
let url: string;

beforeAll(async () => {
  const route = createWebhookRoute({
    scheme: "standard-webhooks",
    secrets: [TEST_SECRET],
    toleranceSeconds: 300,
    journal: {
      ingest: (id, event) => {
        calls.push({ id, event });
        return ingest(id, event);
      },
    },
    metrics,
    logger: createLogger("warn", (line) => logLines.push(line)),
  });
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/content-review`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  calls.length = 0;
  ingest = async () => "accepted";
});

const body = eventBody({ submissionId: "sub-route", assetId: "a-1" });
function signed(id: string, text = body): Record<string, string> {
  return {
    "content-type": "application/json",
    ...signWebhook({
      scheme: "standard-webhooks",
      secret: TEST_SECRET,
      id,
      timestamp: Math.floor(Date.now() / 1000),
      body: text,
    }),
  };
}

describe("createWebhookRoute", () => {
  it("answers 200 accepted only once the journal has committed the event", async () => {
    let commit: (status: "accepted") => void = () => undefined;
    ingest = () => new Promise((resolve) => (commit = resolve));
    let answered = false;
    const pending = fetch(url, { method: "POST", headers: signed("msg_commit"), body }).then(
      (res) => {
        answered = true;
        return res;
      },
    );
    await waitUntil("the journal write", () => calls.length === 1);
    expect(answered).toBe(false);
    commit("accepted");
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "accepted" });
    expect(calls[0]).toMatchObject({ id: "msg_commit", event: { submissionId: "sub-route" } });
  });

  it("answers 200 duplicate when the journal has seen the id", async () => {
    ingest = async () => "duplicate";
    const res = await fetch(url, { method: "POST", headers: signed("msg_dup"), body });
    expect(await res.json()).toEqual({ status: "duplicate" });
  });

  it("answers 503 with Retry-After when the journal is down (the sender retries)", async () => {
    ingest = async () => {
      throw new Error("disk I/O error");
    };
    const res = await fetch(url, { method: "POST", headers: signed("msg_down"), body });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).not.toContain("disk");
  });

  it.each([
    { store: "postgres", error: { code: "22P05", message: "unsupported Unicode escape sequence" } },
    { store: "postgres", error: { code: "54000", message: "index row size exceeds maximum" } },
    { store: "sqlite", error: { errcode: 18, message: "string or blob too big" } },
  ])(
    "answers 422 naming why when $store cannot hold the event (the same on every retry), logged once",
    async ({ error }) => {
      ingest = async () => {
        throw Object.assign(new Error(error.message), error);
      };
      logLines.length = 0;
      const res = await fetch(url, { method: "POST", headers: signed("msg_unstorable"), body });
      expect(res.status).toBe(422);
      expect(res.headers.get("retry-after")).toBeNull();
      expect(await res.json()).toMatchObject({
        error: "unstorable",
        message: expect.stringContaining(error.message),
      });
      expect(logLines.filter((l) => l.includes("cannot hold"))).toHaveLength(1);
    },
  );

  it("answers 413 to a chunked body that grows past 1 MiB, without journaling it", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await fetch(url, {
      method: "POST",
      headers: signed("msg_big"),
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(calls).toHaveLength(0);
  });

  it.each([
    { name: "a compressed body", headers: { "content-encoding": "gzip" }, status: 415 },
    {
      name: "a form body",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      status: 415,
    },
  ])("answers $status to $name", async ({ headers, status }) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { ...signed("msg_bad"), ...headers },
      body,
    });
    expect(res.status).toBe(status);
    expect(calls).toHaveLength(0);
  });
});

describe("createWebhookRoute intake", () => {
  it("journals a verified event whose error_message is 20,000 characters, whole", async () => {
    const long = `${"Decoder failed at frame 1. ".repeat(800)}`.slice(0, 20_000);
    const text = eventBody({
      type: "asset.processing.failed",
      submissionId: "sub-long",
      assetId: "a-long",
      errorMessage: long,
    });
    const res = await fetch(url, { method: "POST", headers: signed("msg_long", text), body: text });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "accepted" });
    expect(calls[0]?.event).toMatchObject({ kind: "asset.processing.failed", errorMessage: long });
  });

  it("journals a status longer than 50 characters and a timestamp of any length", async () => {
    const text = JSON.stringify({
      type: "asset.processing.completed",
      timestamp: "t".repeat(500),
      data: { asset_id: "a-1", submission_id: "sub-status", status: "s".repeat(80) },
    });
    const res = await fetch(url, {
      method: "POST",
      headers: signed("msg_status", text),
      body: text,
    });
    expect(res.status).toBe(200);
    expect(calls[0]?.event).toMatchObject({ status: "s".repeat(80) });
  });

  it("answers 200 ignored to an unknown event type, counts it and never journals it", async () => {
    const text = JSON.stringify({
      type: "submission.archived",
      data: { submission_id: "sub-x" },
    });
    const res = await fetch(url, {
      method: "POST",
      headers: signed("msg_new_type", text),
      body: text,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"status":"ignored"}');
    expect(calls).toHaveLength(0);
    expect(metrics.render({ queueDepth: 0, deadLettered: 0 })).toMatch(
      /^relay_webhooks_ignored_total [1-9]\d*$/m,
    );
  });

  it.each([
    { name: "an array", body: "[1,2]" },
    { name: "a string", body: '"asset.processing.completed"' },
    { name: "an object without type", body: '{"data":{"asset_id":"a","submission_id":"s"}}' },
    { name: "a known type without its ids", body: '{"type":"asset.processing.failed","data":{}}' },
  ])("answers 400 to $name (not an event)", async ({ body: text }) => {
    const res = await fetch(url, {
      method: "POST",
      headers: signed("msg_not_event", text),
      body: text,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "not_an_event" });
    expect(calls).toHaveLength(0);
  });
});

describe("createWebhookRoute lingering close", () => {
  it.each([
    { name: "a declared Content-Length", declareLength: true },
    { name: "a chunked body", declareLength: false },
  ])("lets a sender still writing 1.1 MiB read its 413 ($name)", async ({ declareLength }) => {
    const result = await sendOversized({
      url,
      bytes: Math.round(1.1 * 1024 * 1024),
      declareLength,
      headers: { "content-type": "application/json" },
    });
    expect(result).toMatchObject({ status: 413, error: null });
    expect(JSON.parse(result.body)).toMatchObject({ error: "payload_too_large" });
    expect(result.written).toBe(Math.round(1.1 * 1024 * 1024));
    expect(calls).toHaveLength(0);
  });
});
