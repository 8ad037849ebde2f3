import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createWebhookVerifier,
  signWebhook,
  verifyWebhook,
  type WebhookHeaders,
  type WebhookScheme,
} from "../../src/webhooks/index.ts";
import { standardWebhookKey } from "../../src/webhooks/sign-standard-webhook.ts";

// The edges a forger would try, each one a mutant that survived the happy-path tests (issue 19):
// every delivery below carries a signature that is valid for exactly the bytes it claims, so only
// the parser's refusal stands between it and `ok: true`.
//
// Nothing is left alive on purpose: the `reason` is the verdict and is asserted everywhere, and
// each refusal's `message` must name what is at fault (its exact wording is free).

const NOW = 1_700_000_000_000;
const NOW_S = NOW / 1000;
const SECRET = "whsec_c2VjcmV0LWZvci10ZXN0cy0xMjM0NTY3ODkw";
const BODY = '{"type":"asset.processing.completed"}';

/** A Standard Webhooks signature over `id.<timestamp text>.body`, whatever the text is. */
function standardSig(timestamp: string, body = BODY, id = "msg_1"): string {
  const mac = createHmac("sha256", standardWebhookKey(SECRET));
  return mac.update(`${id}.${timestamp}.${body}`).digest("base64");
}

/** A Stripe `v1` signature over `<timestamp text>.body`, whatever the text is. */
function stripeSig(timestamp: string, body = BODY): string {
  return createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("hex");
}

function githubSig(body = BODY): string {
  return createHmac("sha256", SECRET).update(body).digest("hex");
}

function verify(scheme: WebhookScheme, headers: WebhookHeaders, now = NOW) {
  return verifyWebhook({ scheme, secrets: [SECRET], headers, rawBody: BODY, now });
}

function standardHeaders(timestamp: string, signature: string): WebhookHeaders {
  return { "webhook-id": "msg_1", "webhook-timestamp": timestamp, "webhook-signature": signature };
}

// Texts that `Number` reads as a timestamp within the window, but that are not whole seconds.
const NOT_SECONDS: readonly (readonly [string, string])[] = [
  ["hexadecimal", "0x6553f100"],
  ["exponent", "1.7e9"],
  ["leading space", ` ${NOW_S}`],
  ["trailing space", `${NOW_S} `],
  ["plus sign", `+${NOW_S}`],
  ["fraction", `${NOW_S}.5`],
  ["letters after the digits", `${NOW_S}x`],
  ["not a number at all", "soon"],
];

describe("verifyWebhook timestamps a forger would try", () => {
  it.each(NOT_SECONDS)("standard-webhooks refuses a signed %s timestamp as malformed", (_, ts) => {
    const verdict = verify("standard-webhooks", standardHeaders(ts, `v1,${standardSig(ts)}`));
    expect(verdict).toMatchObject({ ok: false, reason: "malformed-headers" });
  });

  const STRIPE_NOT_SECONDS: readonly (readonly [string, string])[] = [
    // Stripe's items are trimmed: spaces around the value are allowed there.
    ...NOT_SECONDS.filter(([name]) => !name.includes("space")),
    ["empty", ""],
  ];
  it.each(STRIPE_NOT_SECONDS)("stripe refuses a signed %s timestamp as malformed", (_, ts) => {
    const verdict = verify("stripe", { "stripe-signature": `t=${ts},v1=${stripeSig(ts)}` });
    expect(verdict).toMatchObject({ ok: false, reason: "malformed-headers" });
  });

  it("stripe reads items with spaces around them", () => {
    const header = ` t = ${NOW_S} , v1 = ${stripeSig(String(NOW_S))} `;
    expect(verify("stripe", { "stripe-signature": header })).toMatchObject({
      ok: true,
      timestamp: NOW_S,
    });
  });

  it.each(["standard-webhooks", "stripe"] as const)(
    "%s uses a 300 s window by default",
    (scheme) => {
      const verifier = createWebhookVerifier({ scheme, secrets: [SECRET] });
      const at = (offset: number) =>
        signWebhook({ scheme, secret: SECRET, id: "m", timestamp: NOW_S + offset, body: BODY });
      expect(verifier.verify(at(-300), BODY, NOW)).toMatchObject({ ok: true });
      expect(verifier.verify(at(300), BODY, NOW)).toMatchObject({ ok: true });
      expect(verifier.verify(at(-301), BODY, NOW)).toMatchObject({ reason: "stale" });
      expect(verifier.verify(at(301), BODY, NOW)).toMatchObject({ reason: "future" });
    },
  );

  it("verifyWebhook counts now in whole seconds: 999 ms later, the window has not moved", () => {
    const headers = signWebhook({
      scheme: "stripe",
      secret: SECRET,
      id: "m",
      timestamp: NOW_S - 300,
      body: BODY,
    });
    expect(verify("stripe", headers, NOW + 999)).toMatchObject({ ok: true });
  });

  describe("with the clock", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("createWebhookVerifier checks against the current time when no now is given", () => {
      vi.useFakeTimers({ now: NOW });
      const verifier = createWebhookVerifier({ scheme: "stripe", secrets: [SECRET] });
      const at = (timestamp: number) =>
        signWebhook({ scheme: "stripe", secret: SECRET, id: "m", timestamp, body: BODY });
      expect(verifier.verify(at(NOW_S), BODY)).toMatchObject({ ok: true });
      expect(verifier.verify(at(NOW_S - 3600), BODY)).toMatchObject({ reason: "stale" });
    });
  });
});

describe("verifyWebhook signatures a forger would try (standard-webhooks)", () => {
  const ts = String(NOW_S);

  it.each([
    ["another version with a valid HMAC", () => `v2,${standardSig(ts)}`],
    ["a v1 part with more after the signature", () => `v1,${standardSig(ts)},extra`],
    ["a bare v1 without a signature", () => "v1"],
  ])("refuses %s as malformed", (_, signature) => {
    const verdict = verify("standard-webhooks", standardHeaders(ts, signature()));
    expect(verdict).toMatchObject({ ok: false, reason: "malformed-headers" });
  });

  it.each([
    ["first", () => `v1,${standardSig(ts)} v1,${standardSig(ts, "other")}`],
    ["last", () => `v1,${standardSig(ts, "other")} v1,${standardSig(ts)}`],
  ])("accepts the valid signature when it comes %s of several", (_, signature) => {
    expect(verify("standard-webhooks", standardHeaders(ts, signature()))).toMatchObject({
      ok: true,
      id: "msg_1",
      timestamp: NOW_S,
    });
  });
});

describe("verifyWebhook signatures a forger would try (stripe)", () => {
  const t = `t=${NOW_S}`;
  const valid = () => stripeSig(String(NOW_S));

  it.each([
    ["a valid HMAC under v0", () => `${t},v0=${valid()}`],
    ["a valid HMAC under an unnamed key", () => `${t},=${valid()}`],
    ["a valid HMAC with a character after it", () => `${t},v1=${valid()}0`],
    ["a valid HMAC with a character before it", () => `${t},v1=0${valid()}`],
    ["a valid HMAC cut short", () => `${t},v1=${valid().slice(0, 63)}`],
    ["a valid HMAC as the timestamp's value", () => `t=${valid()}`],
  ])("refuses %s as malformed", (_, header) => {
    const verdict = verify("stripe", { "stripe-signature": header() });
    expect(verdict).toMatchObject({ ok: false, reason: "malformed-headers" });
  });

  it("accepts upper-case hex and reports the webhook-id header as the id", () => {
    const verdict = verify("stripe", {
      "stripe-signature": `${t},v1=${valid().toUpperCase()}`,
      "webhook-id": "evt_1",
    });
    expect(verdict).toEqual({ ok: true, id: "evt_1", timestamp: NOW_S, secretIndex: 0 });
  });
});

describe("verifyWebhook signatures a forger would try (github)", () => {
  it.each([
    ["something before sha256=", () => `xsha256=${githubSig()}`],
    ["something after the hex digits", () => `sha256=${githubSig()}0`],
    ["63 hex digits", () => `sha256=${githubSig().slice(0, 63)}`],
    ["sha1= instead of sha256=", () => `sha1=${githubSig()}`],
  ])("refuses %s as malformed", (_, header) => {
    const verdict = verify("github", { "x-hub-signature-256": header() });
    expect(verdict).toMatchObject({ ok: false, reason: "malformed-headers" });
  });

  it("accepts upper-case hex and takes the id from webhook-id when GitHub's is absent", () => {
    const verdict = verify("github", {
      "x-hub-signature-256": `sha256=${githubSig().toUpperCase()}`,
      "webhook-id": "w-1",
    });
    expect(verdict).toEqual({ ok: true, id: "w-1", timestamp: null, secretIndex: 0 });
  });

  it("reports a null id when the delivery names none", () => {
    const verdict = verify("github", { "x-hub-signature-256": `sha256=${githubSig()}` });
    expect(verdict).toEqual({ ok: true, id: null, timestamp: null, secretIndex: 0 });
  });
});

describe("verifyWebhook headers", () => {
  const valid = () => `sha256=${githubSig()}`;

  it("reads the first value of a repeated header", () => {
    const verdict = verify("github", { "x-hub-signature-256": [valid(), "sha256=junk"] });
    expect(verdict).toMatchObject({ ok: true });
  });

  it.each([
    ["an empty value", ""],
    ["an empty list", []],
  ])("treats %s as a missing header", (_, value) => {
    const verdict = verify("github", { "x-hub-signature-256": value });
    expect(verdict).toMatchObject({ ok: false, reason: "missing-headers" });
  });

  it("prefers the lower-case name Node hands over to another spelling of it", () => {
    const verdict = verify("github", {
      "X-Hub-Signature-256": `sha256=${"0".repeat(64)}`,
      "x-hub-signature-256": valid(),
    });
    expect(verdict).toMatchObject({ ok: true });
  });

  it("takes the first of two other spellings of a name", () => {
    const verdict = verify("github", {
      "X-Hub-Signature-256": valid(),
      "X-HUB-SIGNATURE-256": `sha256=${"0".repeat(64)}`,
    });
    expect(verdict).toMatchObject({ ok: true });
  });

  it.each([
    ["webhook-id", { "webhook-timestamp": String(NOW_S), "webhook-signature": "v1,AA==" }],
    ["webhook-timestamp", { "webhook-id": "m", "webhook-signature": "v1,AA==" }],
    ["webhook-signature", { "webhook-id": "m", "webhook-timestamp": String(NOW_S) }],
  ])("standard-webhooks refuses a delivery without %s", (_, headers) => {
    expect(verify("standard-webhooks", headers)).toMatchObject({ reason: "missing-headers" });
  });
});

describe("createWebhookVerifier secrets", () => {
  it("reports the place of the matching secret among those configured, empty ones included", () => {
    const verifier = createWebhookVerifier({ scheme: "github", secrets: ["", SECRET] });
    const headers = { "x-hub-signature-256": `sha256=${githubSig()}` };
    expect(verifier.verify(headers, BODY, NOW)).toMatchObject({ ok: true, secretIndex: 1 });
  });
});

describe("verifyWebhook refusals name what is wrong", () => {
  // The relay logs the message of every refusal: it must name the header or the check at fault,
  // whatever its wording.
  const ts = String(NOW_S);
  it.each([
    ["standard-webhooks", {}, "webhook-signature"],
    ["standard-webhooks", standardHeaders("soon", "v1,AA=="), "webhook-timestamp"],
    ["standard-webhooks", standardHeaders(ts, "v2,AA=="), "webhook-signature"],
    ["github", {}, "x-hub-signature-256"],
    ["github", { "x-hub-signature-256": "sha1=abc" }, "x-hub-signature-256"],
    ["stripe", {}, "stripe-signature"],
    ["stripe", { "stripe-signature": `v1=${"0".repeat(64)}` }, "t="],
    ["stripe", { "stripe-signature": `t=${ts}` }, "v1"],
    ["stripe", { "stripe-signature": `t=${NOW_S - 3600},v1=${"0".repeat(64)}` }, "older"],
    ["stripe", { "stripe-signature": `t=${NOW_S + 3600},v1=${"0".repeat(64)}` }, "future"],
    ["stripe", { "stripe-signature": `t=${ts},v1=${"0".repeat(64)}` }, "secret"],
  ] as const)("%s: a refusal of %j names %s", (scheme, headers, named) => {
    const verdict = verify(scheme, headers);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.message).toContain(named);
  });

  it("verifyWebhook without a secret says none is configured", () => {
    const verdict = verifyWebhook({ scheme: "github", secrets: [], headers: {}, rawBody: BODY });
    expect(!verdict.ok && verdict.message).toContain("secret");
  });
});
