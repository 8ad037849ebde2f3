import { describe, expect, it } from "vitest";
import { decideSettlement } from "../../../relay/journal/decide-settlement.ts";

const policy = { maxAttempts: 3, baseMs: 1000, maxMs: 8000 };
const AT = 1_000_000;
const held = (until: number) => Object.assign(new Error("claim held"), { retryNotBefore: until });
const failed = new Error("Slack answered 500");

describe("decideSettlement", () => {
  it.each([
    // name, attempt, jitter, finalRun, failure, settlement
    ["a success is done", 1, 0, false, null, { state: "done", attempts: 1 }],
    ["a success on the last run is done", 3, 0, true, null, { state: "done", attempts: 3 }],
    [
      "a first failure waits at least half a step",
      1,
      0,
      false,
      failed,
      { state: "pending", attempts: 1, notBefore: AT + 500 },
    ],
    [
      "a second failure waits up to a doubled step",
      2,
      0.999,
      false,
      failed,
      { state: "pending", attempts: 2, notBefore: AT + 1999 },
    ],
    [
      "a failure of the last attempt dead-letters",
      3,
      0.5,
      false,
      failed,
      { state: "dead", attempts: 3 },
    ],
    [
      "a failure past the last attempt dead-letters",
      4,
      0.5,
      false,
      failed,
      { state: "dead", attempts: 4 },
    ],
    [
      "a failure on the store's final run dead-letters early",
      1,
      0.5,
      true,
      failed,
      { state: "dead", attempts: 1 },
    ],
    [
      "a held claim does not count, and comes back when it ends",
      2,
      0.5,
      false,
      held(AT + 7000),
      { state: "pending", attempts: 1, notBefore: AT + 7000 },
    ],
    [
      "a held claim on the last attempt neither counts nor dead-letters",
      3,
      0.5,
      false,
      held(AT + 7000),
      { state: "pending", attempts: 2, notBefore: AT + 7000 },
    ],
    [
      "a held claim that has already ended comes back just after now",
      2,
      0.5,
      false,
      held(AT - 5),
      { state: "pending", attempts: 1, notBefore: AT + 1 },
    ],
    [
      "a held claim on the store's final run dead-letters",
      3,
      0.5,
      true,
      held(AT + 7000),
      { state: "dead", attempts: 3 },
    ],
    [
      "a non-finite retryNotBefore is an ordinary failure",
      1,
      0,
      false,
      held(Number.NaN),
      { state: "pending", attempts: 1, notBefore: AT + 500 },
    ],
  ] as const)("decideSettlement: %s", (_name, number, jitter, finalRun, error, expected) => {
    const failure = error === null ? null : { error };
    expect(decideSettlement({ number, endedAt: AT, jitter, finalRun }, policy, failure)).toEqual(
      expected,
    );
  });

  it("decideSettlement caps the step at maxMs", () => {
    const settlement = decideSettlement(
      { number: 2, endedAt: AT, jitter: 1 },
      { maxAttempts: 10, baseMs: 1000, maxMs: 1500 },
      { error: failed },
    );
    expect(settlement).toEqual({ state: "pending", attempts: 2, notBefore: AT + 1500 });
  });
});
