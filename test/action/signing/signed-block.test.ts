import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  blockMac,
  deriveScopedKey,
  htmlBlock,
  MAC_PATTERN,
  macMatches,
  type SigningScope,
} from "../../../src/action/signing/signed-block.ts";
import { LIVE_SCOPE, SANDBOX_SCOPE } from "./signing-fixture.ts";

const SECRET = "a-shared-record-key-0123456789abcdef";
const key = (scope: SigningScope, label = "label/v1") =>
  deriveScopedKey(SECRET, label, scope, "test key");
const signing = (scope: SigningScope = LIVE_SCOPE) => ({
  key: key(scope),
  purpose: "review-record",
  place: "c".repeat(40),
});

describe("deriveScopedKey", () => {
  it.each([
    ["the id, not the name, when there is an id", "42", "label/v1\nsandbox\n\n42"],
    ["the name (lower case) when there is no id", undefined, "label/v1\nsandbox\nocto/media\n"],
  ])(
    "deriveScopedKey derives HMAC-SHA256(secret, label, environment, repository) from %s",
    (_what, repositoryId, text) => {
      // Computed apart from the module, so that the two cannot share a mistake.
      const expected = createHmac("sha256", SECRET).update(text).digest();
      const derived = key({ ...SANDBOX_SCOPE, repository: "Octo/Media", repositoryId });
      expect(derived.export().equals(expected)).toBe(true);
    },
  );

  it("deriveScopedKey keeps the key of a renamed or transferred repository with the same id", () => {
    const before = { ...LIVE_SCOPE, repositoryId: "42" };
    expect(key({ ...before, repository: "acme/renamed" }).equals(key(before))).toBe(true);
  });

  it.each([
    ["environment", SANDBOX_SCOPE],
    ["repository", { ...LIVE_SCOPE, repository: "octo/other" }],
    ["repository of the same name (another id)", { ...LIVE_SCOPE, repositoryId: "42" }],
    ["repository id", { ...LIVE_SCOPE, repositoryId: "43" }, { ...LIVE_SCOPE, repositoryId: "42" }],
  ])(
    "deriveScopedKey gives another key in another %s",
    (_what, scope, other: SigningScope = LIVE_SCOPE) => {
      expect(key(scope).equals(key(other))).toBe(false);
    },
  );

  it("deriveScopedKey gives another key for another label, and refuses an empty secret naming the key", () => {
    expect(key(LIVE_SCOPE, "other/v1").equals(key(LIVE_SCOPE))).toBe(false);
    expect(() => deriveScopedKey("", "label/v1", LIVE_SCOPE, "test key")).toThrow(
      "The test key needs a secret",
    );
  });
});

describe("blockMac and macMatches", () => {
  it("blockMac is the HMAC-SHA256 of the purpose, place, fields and payload, one per line, in hex", () => {
    const s = signing();
    const expected = createHmac("sha256", s.key)
      .update(`review-record\n${"c".repeat(40)}\nv3 a=1\npay\nload`)
      .digest("hex");
    expect(blockMac(s, "v3 a=1", "pay\nload")).toBe(expected);
    expect(expected).toMatch(new RegExp(`^${MAC_PATTERN}$`));
  });

  it.each([
    ["another purpose", { ...signing(), purpose: "review-comment" }, "f", "p"],
    ["another place", { ...signing(), place: "d".repeat(40) }, "f", "p"],
    ["another scope's key", signing(SANDBOX_SCOPE), "f", "p"],
    ["other fields", signing(), "g", "p"],
    ["another payload", signing(), "f", "q"],
  ])("macMatches refuses a MAC read with %s", (_what, other, fields, payload) => {
    const mac = blockMac(signing(), "f", "p");
    expect(macMatches(signing(), "f", "p", mac)).toBe(true);
    expect(macMatches(other, fields, payload, mac)).toBe(false);
  });

  it.each([
    ["cut by one byte", (m: string) => m.slice(0, -2)],
    ["longer by one byte", (m: string) => `${m}00`],
    ["empty", () => ""],
    ["not hex", (m: string) => `zz${m.slice(2)}`],
  ])("macMatches refuses a MAC %s, without throwing", (_what, change) => {
    const mac = blockMac(signing(), "f", "p");
    expect(macMatches(signing(), "f", "p", change(mac))).toBe(false);
  });
});

describe("htmlBlock", () => {
  it("htmlBlock writes an HTML comment of the name, the fields and the MAC", () => {
    expect(htmlBlock("content-review:file", "check=1 path=2", "sig", "ab")).toBe(
      "<!-- content-review:file check=1 path=2 sig=ab -->",
    );
  });
});
