import { afterEach, describe, expect, it } from "vitest";
import type { Journal } from "../../../relay/journal/index.ts";
import { testStores } from "../helpers/journal-stores.ts";
import { waitUntil } from "../helpers/signed-sender.ts";
import { completedEvent } from "../helpers/submission-builders.ts";

const stores = testStores("relay_attempts_test");

/** What an attempt throws when another attempt holds a claim it needs (as EffectBusyError does). */
const held = () => Object.assign(new Error("claim held"), { retryNotBefore: Date.now() + 20 });

describe.each(stores)("runAttempt in the journal ($name)", (store) => {
  let journal: Journal | undefined;
  afterEach(async () => {
    await journal?.close(1000);
    journal = undefined;
  });

  it.skipIf(store.skip)(
    "runAttempt: a held claim neither counts as an attempt nor dead-letters on the last one",
    async () => {
      // One attempt in all: the first is the last. pg-boss runs each retry a whole second later,
      // so the held claim comes once, on that attempt, then the attempt succeeds.
      journal = await store.open({ retry: { maxAttempts: 1, baseMs: 10, maxMs: 50 } });
      const open = journal;
      await journal.ingest("held-1", completedEvent("s-held", "a-1"));
      const outcomes: (() => Error | null)[] = [held, () => null];
      const seen: { attempt: number; isLast: boolean }[] = [];
      await journal.start(async (_entry, attempt) => {
        seen.push({ attempt: attempt.attempt, isLast: attempt.isLast });
        const error = outcomes[seen.length - 1]?.() ?? null;
        if (error !== null) throw error;
      });
      await waitUntil(
        "the entry settled",
        async () =>
          (await open.listEntries(1)).some((e) => e.state === "done" || e.state === "dead"),
        30_000,
      );
      expect((await open.listEntries(1))[0]).toMatchObject({ state: "done", attempts: 1 });
      expect(seen).toEqual([
        { attempt: 1, isLast: true },
        { attempt: 1, isLast: true },
      ]);
    },
  );
});
