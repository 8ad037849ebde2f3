import { afterEach, describe, expect, it, vi } from "vitest";
import { DestinationError } from "../../../relay/effects/destination-error.ts";
import {
  EffectBusyError,
  type EffectContext,
  performOnce,
} from "../../../relay/effects/perform-once.ts";
import type { EffectClaim, EffectJournal, EffectScope } from "../../../relay/journal/index.ts";

// performOnce in-process, against a scripted effects journal that records every call: the claim
// and its lease, the decision to perform or skip, and the error paths (issue 19).
//
// Nothing is left alive on purpose: the debug log is the operator's trace of each decision,
// so its `outcome` is asserted too.

const SCOPE: EffectScope = { submissionId: "sub-1", entryId: "entry-1", since: 1000 };
const KEY = "slack-reply:entry-1";
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

type Step = EffectClaim | ((now: number) => EffectClaim);

/** An effects journal answering the claims in `steps` in turn, recording what it was asked. */
function scriptedJournal(steps: Step[]) {
  const calls = {
    claims: [] as { key: string; scope: EffectScope; leaseMs: number; at: number }[],
    completed: [] as { key: string; token: string; value: string | null }[],
    abandoned: [] as { key: string; token: string; outcome: string }[],
  };
  const failures: { complete?: Error; abandon?: Error } = {};
  const journal: EffectJournal = {
    async claimEffect(key, scope, leaseMs) {
      calls.claims.push({ key, scope, leaseMs, at: Date.now() });
      const step = steps.length > 1 ? steps.shift() : steps[0];
      if (step === undefined) throw new Error("scriptedJournal: no claim scripted");
      return typeof step === "function" ? step(Date.now()) : step;
    },
    async completeEffect(key, token, value) {
      if (failures.complete) throw failures.complete;
      calls.completed.push({ key, token, value });
    },
    async abandonEffect(key, token, outcome) {
      calls.abandoned.push({ key, token, outcome });
      if (failures.abandon) throw failures.abandon;
    },
  };
  return { journal, calls, failures };
}

function context(deadlineIn: number, extra: Partial<EffectContext> = {}): EffectContext {
  return {
    signal: new AbortController().signal,
    deadline: Date.now() + deadlineIn,
    entryId: "entry-1",
    receivedAt: 1000,
    ...extra,
  };
}

function run(
  journal: EffectJournal,
  ctx: EffectContext,
  hooks: {
    logged?: unknown[][];
    find?: (since: number) => Promise<string | null | undefined>;
    perform?: () => Promise<string | null>;
  } = {},
) {
  const find = vi.fn(hooks.find ?? (async () => undefined));
  const perform = vi.fn(hooks.perform ?? (async () => "ts-1"));
  const result = performOnce({
    effects: journal,
    logger: hooks.logged
      ? { ...quiet, debug: (...args: unknown[]) => hooks.logged?.push(args) }
      : quiet,
    key: KEY,
    scope: SCOPE,
    context: ctx,
    destination: "Slack channel C1 (slack.com)",
    find,
    perform,
  });
  return { result, find, perform };
}

function destinationError(outcome: "not-performed" | "unknown") {
  return new DestinationError({
    destination: "Slack",
    host: "slack.com",
    operation: "chat.postMessage",
    outcome,
    reason: "test",
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("performOnce claim and lease", () => {
  it("performOnce claims the key in its scope for the attempt's deadline plus 2 s, then performs and records", async () => {
    vi.useFakeTimers({ now: 50_000, toFake: ["Date"] });
    const { journal, calls } = scriptedJournal([{ status: "new", token: "tok-1" }]);
    const { result, perform, find } = run(journal, context(5000));
    await expect(result).resolves.toEqual({ value: "ts-1", how: "performed" });
    expect(calls.claims).toEqual([{ key: KEY, scope: SCOPE, leaseMs: 7000, at: 50_000 }]);
    expect(perform).toHaveBeenCalledOnce();
    expect(find).not.toHaveBeenCalled();
    expect(calls.completed).toEqual([{ key: KEY, token: "tok-1", value: "ts-1" }]);
    expect(calls.abandoned).toEqual([]);
  });

  it("performOnce leases at least the margin when the deadline has already passed", async () => {
    vi.useFakeTimers({ now: 50_000, toFake: ["Date"] });
    const { journal, calls } = scriptedJournal([{ status: "new", token: "tok-1" }]);
    await run(journal, context(-10_000)).result;
    expect(calls.claims[0]?.leaseMs).toBe(2000);
  });

  it("performOnce takes the context's claim margin", async () => {
    vi.useFakeTimers({ now: 50_000, toFake: ["Date"] });
    const { journal, calls } = scriptedJournal([{ status: "new", token: "tok-1" }]);
    await run(journal, context(5000, { claimMarginMs: 300 })).result;
    expect(calls.claims[0]?.leaseMs).toBe(5300);
  });

  it("performOnce records a null value as performed", async () => {
    const { journal, calls } = scriptedJournal([{ status: "new", token: "tok-1" }]);
    const { result } = run(journal, context(5000), { perform: async () => null });
    await expect(result).resolves.toEqual({ value: null, how: "performed" });
    expect(calls.completed).toEqual([{ key: KEY, token: "tok-1", value: null }]);
  });
});

describe("performOnce skips what is done or held", () => {
  it("performOnce returns the recorded value of a done effect without performing it", async () => {
    const { journal, calls } = scriptedJournal([{ status: "done", value: "ts-0" }]);
    const { result, perform, find } = run(journal, context(5000));
    await expect(result).resolves.toEqual({ value: "ts-0", how: "recorded" });
    expect(perform).not.toHaveBeenCalled();
    expect(find).not.toHaveBeenCalled();
    expect(calls.completed).toEqual([]);
  });

  it("performOnce throws EffectBusyError, performing nothing, while another attempt holds the claim past the deadline", async () => {
    const until = Date.now() + 60_000;
    const { journal, calls } = scriptedJournal([{ status: "busy", until }]);
    const { result, perform } = run(journal, context(5000));
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EffectBusyError);
    expect(error).toMatchObject({
      name: "EffectBusyError",
      key: KEY,
      until,
      retryNotBefore: until,
    });
    expect(perform).not.toHaveBeenCalled();
    expect(calls.claims).toHaveLength(1);
    expect(calls.abandoned).toEqual([]);
  });

  it("performOnce throws EffectBusyError when the claim ends exactly at the deadline", async () => {
    const ctx = context(5000);
    const { journal, calls } = scriptedJournal([{ status: "busy", until: ctx.deadline }]);
    const { result, perform } = run(journal, ctx);
    await expect(result).rejects.toBeInstanceOf(EffectBusyError);
    expect(perform).not.toHaveBeenCalled();
    expect(calls.claims).toHaveLength(1);
  });

  it("performOnce waits out a claim that ends within the attempt, then claims again", async () => {
    const until = Date.now() + 40;
    // Busy until `until`, whenever asked; the claim is free after it.
    const { journal, calls } = scriptedJournal([
      (now) => (now < until ? { status: "busy", until } : { status: "new", token: "tok-2" }),
    ]);
    const { result } = run(journal, context(5000));
    await expect(result).resolves.toEqual({ value: "ts-1", how: "performed" });
    // It sleeps until the claim ends, then claims again. A timer can end a millisecond before
    // Date.now() reaches `until` (seen on a loaded machine): then one more short wait, never a
    // loop of claims.
    const ats = calls.claims.map((c) => c.at);
    expect(ats.length).toBeGreaterThanOrEqual(2);
    expect(ats.length).toBeLessThanOrEqual(3);
    expect(ats.at(-1)).toBeGreaterThanOrEqual(until);
    for (const at of ats.slice(0, -1)) expect(at).toBeLessThan(until);
    expect(calls.completed).toEqual([{ key: KEY, token: "tok-2", value: "ts-1" }]);
  });

  it("performOnce stops waiting when the attempt is aborted", async () => {
    const controller = new AbortController();
    const { journal } = scriptedJournal([{ status: "busy", until: Date.now() + 1000 }]);
    const { result, perform } = run(journal, context(5000, { signal: controller.signal }));
    controller.abort(new Error("attempt over"));
    await expect(result).rejects.toThrow();
    expect(perform).not.toHaveBeenCalled();
  });
});

describe("performOnce after an unknown outcome", () => {
  it("performOnce records what it finds at the destination instead of performing again", async () => {
    const { journal, calls } = scriptedJournal([
      { status: "unknown", token: "tok-3", since: 1234 },
    ]);
    const { result, perform, find } = run(journal, context(5000), {
      find: async () => "ts-found",
    });
    await expect(result).resolves.toEqual({ value: "ts-found", how: "found" });
    expect(find).toHaveBeenCalledWith(1234);
    expect(perform).not.toHaveBeenCalled();
    expect(calls.completed).toEqual([{ key: KEY, token: "tok-3", value: "ts-found" }]);
  });

  it("performOnce takes a found null (an effect without a value) as found", async () => {
    const { journal } = scriptedJournal([{ status: "unknown", token: "tok-3", since: 1 }]);
    const { result, perform } = run(journal, context(5000), { find: async () => null });
    await expect(result).resolves.toEqual({ value: null, how: "found" });
    expect(perform).not.toHaveBeenCalled();
  });

  it("performOnce performs the effect when the destination does not have it", async () => {
    const { journal, calls } = scriptedJournal([{ status: "unknown", token: "tok-3", since: 1 }]);
    const { result, perform } = run(journal, context(5000));
    await expect(result).resolves.toEqual({ value: "ts-1", how: "performed" });
    expect(perform).toHaveBeenCalledOnce();
    expect(calls.completed).toEqual([{ key: KEY, token: "tok-3", value: "ts-1" }]);
  });

  it.each([
    ["", undefined],
    [" even when giving the claim up fails", new Error("database down")],
  ])(
    "performOnce gives the claim up as unknown and throws when looking fails%s, never performing blind",
    async (_, abandonFailure) => {
      const { journal, calls, failures } = scriptedJournal([
        { status: "unknown", token: "tok-3", since: 1 },
      ]);
      if (abandonFailure) failures.abandon = abandonFailure;
      const lookFailed = new Error("Slack unreachable");
      const { result, perform } = run(journal, context(5000), {
        find: async () => {
          throw lookFailed;
        },
      });
      await expect(result).rejects.toBe(lookFailed);
      expect(perform).not.toHaveBeenCalled();
      expect(calls.abandoned).toEqual([{ key: KEY, token: "tok-3", outcome: "unknown" }]);
      expect(calls.completed).toEqual([]);
    },
  );
});

describe("performOnce when performing fails", () => {
  it.each([
    ["a refusal (not performed)", () => destinationError("not-performed"), "not-performed"],
    ["a destination error of unknown outcome", () => destinationError("unknown"), "unknown"],
    ["any other error", () => new Error("socket hang up"), "unknown"],
  ])("performOnce gives the claim up after %s as %s and throws it", async (_, make, outcome) => {
    const { journal, calls } = scriptedJournal([{ status: "new", token: "tok-4" }]);
    const failure = make();
    const { result } = run(journal, context(5000), {
      perform: async () => {
        throw failure;
      },
    });
    await expect(result).rejects.toBe(failure);
    expect(calls.abandoned).toEqual([{ key: KEY, token: "tok-4", outcome }]);
    expect(calls.completed).toEqual([]);
  });

  it("performOnce throws the destination's error even when giving the claim up fails", async () => {
    const { journal, failures } = scriptedJournal([{ status: "new", token: "tok-4" }]);
    failures.abandon = new Error("database down");
    const failure = destinationError("unknown");
    const { result } = run(journal, context(5000), {
      perform: async () => {
        throw failure;
      },
    });
    await expect(result).rejects.toBe(failure);
  });

  it("performOnce throws when the claim was lost before it could record the effect", async () => {
    const { journal, failures } = scriptedJournal([{ status: "new", token: "tok-4" }]);
    failures.complete = new Error("claim lost");
    await expect(run(journal, context(5000)).result).rejects.toThrow("claim lost");
  });
});

describe("performOnce debug log", () => {
  const logOf = (outcome: string) => [
    ["effect", { effect: KEY, destination: "Slack channel C1 (slack.com)", outcome }],
  ];

  it.each([
    ["performed", { status: "new", token: "t" }, {}, "performed"],
    ["recorded", { status: "done", value: "v" }, {}, "already done"],
    [
      "found",
      { status: "unknown", token: "t", since: 1 },
      { find: async () => "v" },
      "found at the destination after an unknown outcome",
    ],
    [
      "refused",
      { status: "new", token: "t" },
      {
        perform: async () => {
          throw destinationError("not-performed");
        },
      },
      "failed, not performed",
    ],
    [
      "failed without a known outcome",
      { status: "new", token: "t" },
      {
        perform: async () => {
          throw destinationError("unknown");
        },
      },
      "failed, outcome unknown",
    ],
  ] as const)("performOnce logs an effect %s as %s", async (_, claim, hooks, outcome) => {
    const logged: unknown[][] = [];
    const { journal } = scriptedJournal([claim as EffectClaim]);
    await run(journal, context(5000), { ...hooks, logged }).result.catch(() => undefined);
    expect(logged).toEqual(logOf(outcome));
  });

  it("EffectBusyError names the key and when the claim ends", () => {
    const error = new EffectBusyError(KEY, Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(error.message).toContain(KEY);
    expect(error.message).toContain("2026-01-02T03:04:05.000Z");
  });
});
