import { describe, expect, it } from "vitest";
import { redact, redactUrl, redactValue } from "../../src/api/index.ts";

describe("redact", () => {
  it.each([
    ["a live key", `key sk_live_${"a1".repeat(32)} here`, `key [REDACTED] here`],
    ["a test key", "X-API-Key: sk_test_abcdef123456", "X-API-Key: [REDACTED]"],
    ["a webhook secret", "secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "secret [REDACTED]"],
    [
      "a SAS signature",
      "https://s.test/b?sv=2024&sig=abc%2Bdef&se=1",
      "https://s.test/b?sv=[REDACTED]&sig=[REDACTED]&se=[REDACTED]",
    ],
    ["a bearer token", "Authorization: Bearer abc.def.ghi", "Authorization: Bearer [REDACTED]"],
  ])("redact removes %s", (_, input, output) => {
    expect(redact(input)).toBe(output);
  });

  it("redact removes exact secret values given to it", () => {
    expect(redact("token=hunter2-long-value end", ["hunter2-long-value"])).toBe(
      "token=[REDACTED] end",
    );
  });

  it("redactUrl keeps origin and path and drops the query", () => {
    expect(redactUrl("https://s.test/upload/a/b.pdf?exp=1&sig=xyz")).toBe(
      "https://s.test/upload/a/b.pdf?[REDACTED]",
    );
    expect(redactUrl("https://s.test/api/x")).toBe("https://s.test/api/x");
  });

  it("redactValue walks nested bodies", () => {
    expect(redactValue({ a: ["sk_test_abcdefgh1234"], b: { c: "ok" } })).toEqual({
      a: ["[REDACTED]"],
      b: { c: "ok" },
    });
  });
});
