import { describe, expect, it } from "vitest";
import { entryRetryDelayMs } from "../../../relay/journal/entry-retry-policy.ts";

const policy = { maxAttempts: 5, baseMs: 1000, maxMs: 6000 };

describe("entryRetryDelayMs", () => {
  it.each([
    // attempt, random, delay: equal jitter, [c/2, c] with c = min(maxMs, baseMs * 2^(attempt-1))
    [1, 0, 500],
    [1, 1, 1000],
    [2, 0, 1000],
    [2, 0.5, 1500],
    [3, 1, 4000],
    [4, 0, 3000],
    [4, 1, 6000],
    [60, 0.25, 3750],
  ])("entryRetryDelayMs after attempt %i with random %d waits %i ms", (attempt, random, delay) => {
    expect(entryRetryDelayMs(policy, attempt, () => random)).toBe(delay);
  });

  it("entryRetryDelayMs never waits less than half its step (equal jitter, not full)", () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const step = Math.min(policy.maxMs, policy.baseMs * 2 ** (attempt - 1));
      expect(entryRetryDelayMs(policy, attempt, () => 0)).toBe(step / 2);
    }
  });
});
