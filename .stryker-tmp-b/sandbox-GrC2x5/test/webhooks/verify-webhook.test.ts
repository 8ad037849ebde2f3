// @ts-nocheck
import { describe, expect, it } from "vitest";
import {
  createWebhookVerifier,
  signGithubWebhook,
  signStandardWebhook,
  signStripeWebhook,
  signWebhook,
  verifyWebhook,
  WEBHOOK_SCHEMES,
  type WebhookScheme,
} from "../../src/webhooks/index.ts";

// Published vectors: standardwebhooks.com test suite and GitHub's "Validating webhook deliveries".
const STANDARD = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};
const GITHUB = {
  secret: "It's a Secret to Everybody",
  body: "Hello, World!",
  signature: "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
};

const NOW = 1_700_000_000_000;
const NOW_S = NOW / 1000;
const SECRET = "whsec_c2VjcmV0LWZvci10ZXN0cy0xMjM0NTY3ODkw";
const OTHER = "whsec_b3RoZXItc2VjcmV0LWZvci10ZXN0cy0wMDAw";

function sign(scheme: WebhookScheme, secret: string, body: string, timestamp = NOW_S) {
  return signWebhook({ scheme, secret, id: "msg_1", timestamp, body });
}

describe("signStandardWebhook / verifyWebhook (standard-webhooks)", () => {
  it("signStandardWebhook reproduces the published vector", () => {
    expect(signStandardWebhook(STANDARD)).toBe(STANDARD.signature);
  });

  it("verifyWebhook accepts the published vector and reports its id and timestamp", () => {
    const verdict = verifyWebhook({
      scheme: "standard-webhooks",
      secrets: [STANDARD.secret],
      headers: {
        "Webhook-Id": STANDARD.id,
        "Webhook-Timestamp": String(STANDARD.timestamp),
        "Webhook-Signature": `v1a,ignored ${STANDARD.signature}`,
      },
      rawBody: STANDARD.body,
      now: STANDARD.timestamp * 1000,
    });
    expect(verdict).toEqual({
      ok: true,
      id: STANDARD.id,
      timestamp: STANDARD.timestamp,
      secretIndex: 0,
    });
  });

  it("verifyWebhook refuses the vector when one byte of the body changes", () => {
    const verdict = verifyWebhook({
      scheme: "standard-webhooks",
      secrets: [STANDARD.secret],
      headers: {
        "webhook-id": STANDARD.id,
        "webhook-timestamp": String(STANDARD.timestamp),
        "webhook-signature": STANDARD.signature,
      },
      rawBody: '{"test": 2432232315}',
      now: STANDARD.timestamp * 1000,
    });
    expect(verdict).toMatchObject({ ok: false, reason: "bad-signature" });
  });
});

describe("signGithubWebhook / verifyWebhook (github)", () => {
  it("signGithubWebhook reproduces the published vector", () => {
    expect(signGithubWebhook(GITHUB)).toBe(GITHUB.signature);
  });

  it("verifyWebhook accepts the published vector without a timestamp check", () => {
    const verdict = verifyWebhook({
      scheme: "github",
      secrets: [GITHUB.secret],
      headers: { "X-Hub-Signature-256": GITHUB.signature, "X-GitHub-Delivery": "d-1" },
      rawBody: Buffer.from(GITHUB.body),
      now: 0,
    });
    expect(verdict).toEqual({ ok: true, id: "d-1", timestamp: null, secretIndex: 0 });
  });
});

describe("signStripeWebhook / verifyWebhook (stripe)", () => {
  it("signStripeWebhook signs t.body with the secret as the key", () => {
    const header = signStripeWebhook({ secret: "whsec_test", timestamp: 1, body: "{}" });
    expect(header).toMatch(/^t=1,v1=[0-9a-f]{64}$/);
  });

  it("verifyWebhook accepts one of several v1 signatures", () => {
    const good = signStripeWebhook({ secret: SECRET, timestamp: NOW_S, body: "{}" });
    const verdict = verifyWebhook({
      scheme: "stripe",
      secrets: [SECRET],
      headers: { "stripe-signature": `${good},v1=${"0".repeat(64)},v0=abc` },
      rawBody: "{}",
      now: NOW,
    });
    expect(verdict).toMatchObject({ ok: true, timestamp: NOW_S });
  });
});

describe.each(WEBHOOK_SCHEMES)("verifyWebhook (%s)", (scheme) => {
  const body = '{"type":"asset.processing.completed"}';

  it("accepts a delivery signed with the second secret (rotation)", () => {
    const verdict = verifyWebhook({
      scheme,
      secrets: [OTHER, SECRET],
      headers: sign(scheme, SECRET, body),
      rawBody: body,
      now: NOW,
    });
    expect(verdict).toMatchObject({ ok: true, secretIndex: 1 });
  });

  it("refuses a delivery signed with an unknown secret", () => {
    const verdict = verifyWebhook({
      scheme,
      secrets: [OTHER],
      headers: sign(scheme, SECRET, body),
      rawBody: body,
      now: NOW,
    });
    expect(verdict).toMatchObject({ ok: false, reason: "bad-signature" });
  });

  it("refuses a delivery without signature headers", () => {
    const verdict = verifyWebhook({
      scheme,
      secrets: [SECRET],
      headers: {},
      rawBody: body,
      now: NOW,
    });
    expect(verdict).toMatchObject({ ok: false, reason: "missing-headers" });
  });

  it("refuses every delivery when no secret is configured", () => {
    const verdict = verifyWebhook({
      scheme,
      secrets: [""],
      headers: sign(scheme, SECRET, body),
      rawBody: body,
      now: NOW,
    });
    expect(verdict).toMatchObject({ ok: false, reason: "no-secrets" });
  });
});

describe.each(["standard-webhooks", "stripe"] as const)(
  "verifyWebhook timestamps (%s)",
  (scheme) => {
    const body = "{}";
    it.each([
      { offset: -301, result: { ok: false, reason: "stale" } },
      { offset: -300, result: { ok: true } },
      { offset: 300, result: { ok: true } },
      { offset: 301, result: { ok: false, reason: "future" } },
    ])("offset $offset s gives $result", ({ offset, result }) => {
      const verdict = verifyWebhook({
        scheme,
        secrets: [SECRET],
        headers: sign(scheme, SECRET, body, NOW_S + offset),
        rawBody: body,
        now: NOW,
        toleranceSeconds: 300,
      });
      expect(verdict).toMatchObject(result);
    });

    it("refuses a stale delivery even when its signature is valid", () => {
      const verdict = verifyWebhook({
        scheme,
        secrets: [SECRET],
        headers: sign(scheme, SECRET, body, NOW_S - 3600),
        rawBody: body,
        now: NOW,
      });
      expect(verdict).toMatchObject({ ok: false, reason: "stale" });
    });
  },
);

describe("verifyWebhook malformed headers", () => {
  it.each([
    [
      "standard-webhooks",
      { "webhook-id": "a", "webhook-timestamp": "12x", "webhook-signature": "v1,AA==" },
    ],
    [
      "standard-webhooks",
      { "webhook-id": "a", "webhook-timestamp": "12", "webhook-signature": "v2,AA==" },
    ],
    ["github", { "x-hub-signature-256": "sha1=abc" }],
    ["stripe", { "stripe-signature": "v1=abc" }],
    ["stripe", { "stripe-signature": "t=12" }],
  ] as const)("%s refuses %j as malformed", (scheme, headers) => {
    const verdict = verifyWebhook({
      scheme,
      secrets: [SECRET],
      headers,
      rawBody: "{}",
      now: 12_000,
    });
    expect(verdict).toMatchObject({ ok: false, reason: "malformed-headers" });
  });
});

describe("createWebhookVerifier", () => {
  it.each([
    {
      scheme: "standard-webhooks" as const,
      secret: STANDARD.secret,
      headers: {
        "webhook-id": STANDARD.id,
        "webhook-timestamp": String(STANDARD.timestamp),
        "webhook-signature": STANDARD.signature,
      },
      body: STANDARD.body,
    },
    {
      scheme: "github" as const,
      secret: GITHUB.secret,
      headers: { "X-Hub-Signature-256": GITHUB.signature },
      body: GITHUB.body,
    },
  ])(
    "verifies the published $scheme vector with keys prepared once, delivery after delivery",
    ({ scheme, secret, headers, body }) => {
      const verifier = createWebhookVerifier({ scheme, secrets: [OTHER, secret] });
      const now = STANDARD.timestamp * 1000;
      for (let i = 0; i < 3; i += 1) {
        expect(verifier.verify(headers, Buffer.from(body), now)).toMatchObject({
          ok: true,
          secretIndex: 1,
        });
      }
      expect(verifier.verify(headers, `${body} `, now)).toMatchObject({
        ok: false,
        reason: "bad-signature",
      });
    },
  );
});
