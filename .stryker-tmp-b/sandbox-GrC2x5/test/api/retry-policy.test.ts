// @ts-nocheck
import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  DomainError,
  NetworkError,
  RateLimitError,
  resolveRetryPolicy,
} from "../../src/api/index.ts";
import { decideRetry, parseRetryAfter } from "../../src/api/retry-policy.ts";

const policy = resolveRetryPolicy({
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxElapsedMs: 10_000,
  maxAttempts: 4,
});
const http = (status: number, retryAfterSeconds?: number) =>
  status === 429
    ? new RateLimitError("x", { operation: "op", status, retryAfterSeconds })
    : new DomainError("x", { operation: "op", status, body: { detail: "x" } });
const net = (ambiguous: boolean) => new NetworkError("x", { operation: "op", ambiguous });

describe("decideRetry", () => {
  it.each([
    ["getSubmission", http(500), true],
    ["getSubmission", http(502), true],
    ["getSubmission", http(429), true],
    ["getSubmission", http(404), false],
    ["getSubmission", http(409), false],
    ["getSubmission", http(401), false],
    ["getSubmission", http(503), false],
    ["getSubmission", net(true), true],
    ["createSubmission", http(429), true],
    ["createSubmission", net(false), true],
    ["createSubmission", net(true), false],
    ["createSubmission", http(500), false],
    ["retryAsset", http(502), false],
    ["createWebhookSubscription", net(true), false],
    ["estimatePrice", net(true), true],
  ])("decideRetry(%s, %o) retries: %s", (operation, error, retry) => {
    const decision = decideRetry({
      operation,
      error,
      attempt: 1,
      elapsedMs: 0,
      policy,
      random: () => 0.5,
    });
    expect(decision.retry).toBe(retry);
  });

  it("decideRetry honours Retry-After exactly on a 429", () => {
    const decision = decideRetry({
      operation: "x",
      error: http(429, 4),
      attempt: 1,
      elapsedMs: 0,
      policy,
      random: () => 0.9,
    });
    expect(decision).toEqual({ retry: true, delayMs: 4_000, reason: "HTTP 429" });
  });

  it("decideRetry stops at maxAttempts and at the overall cap", () => {
    expect(
      decideRetry({
        operation: "x",
        error: http(500),
        attempt: 4,
        elapsedMs: 0,
        policy,
        random: () => 0,
      }).retry,
    ).toBe(false);
    expect(
      decideRetry({
        operation: "x",
        error: http(429, 11),
        attempt: 1,
        elapsedMs: 0,
        policy,
        random: () => 0,
      }).retry,
    ).toBe(false);
    expect(
      decideRetry({
        operation: "x",
        error: http(500),
        attempt: 1,
        elapsedMs: 9_990,
        policy,
        random: () => 0.99,
      }).retry,
    ).toBe(false);
  });

  it("decideRetry never retries errors that are not the client's", () => {
    expect(
      decideRetry({
        operation: "x",
        error: new Error("bug"),
        attempt: 1,
        elapsedMs: 0,
        policy,
        random: () => 0,
      }).retry,
    ).toBe(false);
  });
});

describe("backoffDelay", () => {
  it.each([
    [1, 0.999999, 99],
    [2, 0.999999, 199],
    [3, 0.999999, 399],
    [5, 0.999999, 999],
    [9, 0.999999, 999],
    [3, 0.5, 200],
    [3, 0, 0],
  ])(
    "backoffDelay(attempt %i, random %f) is %i: full jitter under an exponential cap",
    (attempt, r, expected) => {
      expect(backoffDelay(attempt, policy, () => r)).toBe(expected);
    },
  );
});

describe("resolveRetryPolicy", () => {
  it("resolveRetryPolicy fills unset fields from the defaults and freezes", () => {
    const resolved = resolveRetryPolicy({ maxAttempts: 2, baseDelayMs: undefined });
    expect(resolved).toEqual({ ...DEFAULT_RETRY_POLICY, maxAttempts: 2 });
    expect(Object.isFrozen(resolved)).toBe(true);
  });
});

describe("parseRetryAfter", () => {
  it.each([
    ["7", 7],
    ["0", 0],
    ["1.5", 1.5],
    ["Thu, 01 Jan 1970 00:00:10 GMT", 10],
    ["garbage", undefined],
    [null, undefined],
  ])("parseRetryAfter(%s) is %s", (value, expected) => {
    expect(parseRetryAfter(value, 0)).toBe(expected);
  });
});
