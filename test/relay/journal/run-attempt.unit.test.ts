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

function recordingStore() {
  const persisted: string[] = [];
  const store: AttemptStore = {
    keepsNotBefore: true,
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
});
