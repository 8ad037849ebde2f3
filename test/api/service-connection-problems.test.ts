import { describe, expect, it } from "vitest";
import { serviceConnectionProblems } from "../../src/api/index.ts";

const LIVE = `sk_live_${"a".repeat(64)}`;

describe("serviceConnectionProblems", () => {
  it.each([
    [LIVE, "https://review.example.com", null, null, "live"],
    ["sk_test_abcdefgh", "http://127.0.0.1:4010", null, null, "sandbox"],
    ["", "", "is missing", "is missing", null],
    [" ", "https://review.example.com/api", "is missing", /^must not end in \/api/, null],
    ["sk_nope_1", "ftp://x", /^is not a Content Review API key/, /^must be an http\(s\) URL/, null],
  ])("serviceConnectionProblems(%j, %j)", (key, url, keyProblem, urlProblem, environment) => {
    const check = serviceConnectionProblems(key, url);
    if (keyProblem instanceof RegExp) expect(check.apiKey).toMatch(keyProblem);
    else expect(check.apiKey).toBe(keyProblem);
    if (urlProblem instanceof RegExp) expect(check.baseUrl).toMatch(urlProblem);
    else expect(check.baseUrl).toBe(urlProblem);
    expect(check.environment).toBe(environment);
  });

  it("serviceConnectionProblems never repeats the key", () => {
    const key = "sk_live_secret-but-malformed";
    expect(JSON.stringify(serviceConnectionProblems(key, "https://x.example"))).not.toContain(key);
  });
});
