import { describe, expect, it } from "vitest";
import { deliveryKey, SIGNS_MESSAGE_ID } from "../../../relay/http/delivery-key.ts";
import { WEBHOOK_SCHEMES } from "../../../src/webhooks/index.ts";

const body = Buffer.from('{"type":"asset.processing.failed"}');
const other = Buffer.from('{"type":"asset.processing.completed"}');

describe("deliveryKey", () => {
  it("names every scheme in its table", () => {
    expect(Object.keys(SIGNS_MESSAGE_ID).sort()).toEqual([...WEBHOOK_SCHEMES].sort());
  });

  it("keys standard-webhooks on its signed id, the same body under two ids being two messages", () => {
    expect(deliveryKey("standard-webhooks", "msg_1", body)).toBe("msg_1");
    expect(deliveryKey("standard-webhooks", "msg_2", body)).toBe("msg_2");
    // An absurd id: the id and the body together.
    const long = "x".repeat(201);
    expect(deliveryKey("standard-webhooks", long, body)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(deliveryKey("standard-webhooks", long, body)).not.toBe(
      deliveryKey("standard-webhooks", long, other),
    );
  });

  it.each([
    "link:key:run-1",
    'link:natural:["sub_1","octo/media"]',
    'reconcile:["sub_1","final"]',
    `body:${"0".repeat(64)}`,
    `sha256:${"0".repeat(64)}`,
    "webhook:link:key:run-1",
  ])(
    "keeps the signed id %s whole but apart from the journal's own ids (link, reconciliation, hashed keys)",
    (id) => {
      const key = deliveryKey("standard-webhooks", id, body);
      expect(key).toBe(`webhook:${id}`);
      expect(deliveryKey("standard-webhooks", key, body)).not.toBe(key);
    },
  );

  it.each(["github", "stripe"] as const)(
    "keys %s on the signed body: a new id, or none, is the same delivery",
    (scheme) => {
      const key = deliveryKey(scheme, "d-1", body);
      expect(key).toMatch(/^body:[0-9a-f]{64}$/);
      expect(deliveryKey(scheme, "d-2", body)).toBe(key);
      expect(deliveryKey(scheme, null, body)).toBe(key);
      expect(deliveryKey(scheme, "d-1", other)).not.toBe(key);
    },
  );
});
