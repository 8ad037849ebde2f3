import { describe, expect, it } from "vitest";
import type { JournalEntry } from "../../../relay/journal/index.ts";
import { type AttemptStore, runAttempt } from "../../../relay/journal/run-attempt.ts";
import { completedEvent } from "../helpers/submission-builders.ts";

const entry: JournalEntry = {
  id: "e-1",
  seq: 1,
  event: completedEvent("s-1", "a-1"),
  state: "pending",
  attempts: 0,
  lastError: null,
  receivedAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
};
const POLICY = { maxAttempts: 8, baseMs: 10, maxMs: 50 };

function recordingStore(keepsNotBefore = true) {
  const persisted: string[] = [];
  const store: AttemptStore = {
    keepsNotBefore,
    begin: () => undefined,
    persist: async (_entry, settlement) => {
      persisted.push(settlement.state);
    },
  };
  return { store, persisted };
}

const deadline = () => ({
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
  dispose: () => undefined,
});

describe("runAttempt", () => {
  it.each([
    [true, "dead"],
    [false, "pending"],
  ])(
    "runAttempt: a failure on the store's final run (%s) settles %s, before the policy's last attempt",
    async (finalRun, state) => {
      const { store, persisted } = recordingStore();
      const dead: string[] = [];
      const result = await runAttempt(entry, {
        handler: async () => {
          throw new Error("GitHub answered 500");
        },
        hooks: { onDead: (e) => void dead.push(e.id) },
        policy: POLICY,
        store,
        deadline: deadline(),
        finalRun,
      });
      expect(result?.settlement.state).toBe(state);
      expect(persisted).toEqual([state]);
      expect(dead).toEqual(finalRun ? ["e-1"] : []);
    },
  );

  it("runAttempt: an attempt abandoned at shutdown settles nothing and tells no hook", async () => {
    const { store, persisted } = recordingStore();
    const told: string[] = [];
    const result = await runAttempt(entry, {
      handler: async () => {
        throw new Error("aborted: shutting down");
      },
      hooks: {
        onDead: () => void told.push("dead"),
        onRetry: () => void told.push("retry"),
        onDone: () => void told.push("done"),
      },
      policy: { ...POLICY, maxAttempts: 1 },
      store,
      deadline: deadline(),
      abandoned: () => true,
    });
    expect(result).toBeNull();
    expect(persisted).toEqual([]);
    expect(told).toEqual([]);
  });
  it.each([
    [0, false],
    [6, false],
    [7, true],
  ])(
    "runAttempt: after %i attempts of 8, the handler is told isLast %s",
    async (attempts, isLast) => {
      const seen: { attempt: number; isLast: boolean }[] = [];
      await runAttempt(
        { ...entry, attempts },
        {
          handler: async (_entry, attempt) => {
            seen.push({ attempt: attempt.attempt, isLast: attempt.isLast });
          },
          hooks: {},
          policy: POLICY,
          store: recordingStore().store,
          deadline: deadline(),
        },
      );
      expect(seen).toEqual([{ attempt: attempts + 1, isLast }]);
    },
  );

  // Jitter 0: the first retry waits half its step, 5 ms, so it may run at 1005.
  it.each([
    ["a store that keeps notBefore", true, 1002, 3],
    ["a store that keeps notBefore, its clock past notBefore", true, 1009, 0],
    ["a store whose queue schedules the retry", false, 1002, null],
  ])(
    "runAttempt: a failure before the last attempt tells onRetry the delay left until notBefore, for %s",
    async (_store, keepsNotBefore, toldAt, delay) => {
      const clock = [1000, toldAt];
      const retries: { id: string; error: unknown; delay: number | null }[] = [];
      const failure = new Error("GitHub answered 502");
      const result = await runAttempt(entry, {
        handler: async () => {
          throw failure;
        },
        hooks: {
          onRetry: (e, error, delayMs) => void retries.push({ id: e.id, error, delay: delayMs }),
        },
        policy: POLICY,
        store: recordingStore(keepsNotBefore).store,
        deadline: deadline(),
        now: () => clock.shift() ?? toldAt,
        random: () => 0,
      });
      expect(result?.settlement).toEqual({ state: "pending", attempts: 1, notBefore: 1005 });
      expect(retries).toEqual([{ id: "e-1", error: failure, delay }]);
    },
  );
});
