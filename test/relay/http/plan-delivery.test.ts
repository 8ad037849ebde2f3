import { describe, expect, it } from "vitest";
import { planDelivery } from "../../../relay/http/plan-delivery.ts";
import { headerRefusal } from "../../../relay/http/webhook-intake.ts";

const VERIFIED = { ok: true, id: "msg_1", timestamp: 1, secretIndex: 0 } as const;
const EVENT = {
  type: "asset.processing.completed",
  data: { submission_id: "sub_1", asset_id: "ast_1", status: "completed" },
};
const body = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value));

describe("planDelivery", () => {
  it.each([
    [
      "a bad signature",
      { ok: false, reason: "bad-signature", message: "No signature matched" } as const,
      EVENT,
      { kind: "reject", status: 401, reason: "bad-signature" },
    ],
    [
      "a body that is not JSON",
      VERIFIED,
      "{nope",
      { kind: "reject", status: 400, reason: "malformed-json" },
    ],
    [
      "JSON that is no event",
      VERIFIED,
      { hello: 1 },
      { kind: "reject", status: 400, reason: "not-an-event" },
    ],
    [
      "an event type the relay does not know",
      VERIFIED,
      { ...EVENT, type: "asset.renamed" },
      { kind: "ignore", type: "asset.renamed" },
    ],
    ["an asset event", VERIFIED, EVENT, { kind: "ingest", id: "msg_1" }],
  ])("%s", (_, verdict, raw, expected) => {
    expect(planDelivery(verdict, body(raw))).toMatchObject(expected);
  });

  it("checks the signature before reading the body", () => {
    const plan = planDelivery(
      { ok: false, reason: "stale", message: "Too old" } as never,
      body("{nope"),
    );
    expect(plan).toMatchObject({ kind: "reject", status: 401, reason: "stale" });
  });
});

describe("headerRefusal", () => {
  it.each([
    ["JSON", { "content-type": "application/json", "content-length": "10" }, null],
    [
      "a +json type with a charset",
      { "content-type": "application/cloudevents+json; charset=utf-8" },
      null,
    ],
    ["no type and no body", {}, null],
    ["no type with a body", { "content-length": "10" }, 415],
    ["text", { "content-type": "text/plain" }, 415],
    ["gzip", { "content-type": "application/json", "content-encoding": "gzip" }, 415],
    [
      "identity encoding",
      { "content-type": "application/json", "content-encoding": "identity" },
      null,
    ],
    [
      "a declared length over 1 MiB",
      { "content-type": "application/json", "content-length": String(1024 * 1024 + 1) },
      413,
    ],
    [
      "exactly 1 MiB",
      { "content-type": "application/json", "content-length": String(1024 * 1024) },
      null,
    ],
  ])("%s", (_, headers, status) => {
    expect(headerRefusal(headers)?.status ?? null).toBe(status);
  });
});
