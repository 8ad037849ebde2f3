import { afterEach, describe, expect, it } from "vitest";
import type { EffectScope, Journal } from "../../../relay/journal/index.ts";
import { testStores } from "../helpers/journal-stores.ts";
import { completedEvent } from "../helpers/submission-builders.ts";

const stores = testStores("relay_retention_test");

/** Records the submission's Slack parent (an effect of the whole submission) as done. */
async function parentDone(journal: Journal, submissionId: string): Promise<void> {
  const scope: EffectScope = { submissionId, entryId: null, since: 0 };
  const claim = await journal.claimEffect(`slack-parent:${submissionId}`, scope, 60_000);
  if (claim.status !== "new") throw new Error("expected a new claim");
  await journal.completeEffect(`slack-parent:${submissionId}`, claim.token, "1.1");
}

/**
 * A cutoff after every write so far and before every write to come: the next millisecond,
 * waited out on both sides (a spin of at most 2 ms), as prune keeps `updated_at < cutoff`.
 */
function cutoffNow(): { cutoff: number; passed: () => void } {
  const before = Date.now();
  while (Date.now() <= before) {
    // spin
  }
  const cutoff = Date.now();
  return {
    cutoff,
    passed: () => {
      while (Date.now() <= cutoff) {
        // spin
      }
    },
  };
}

const parentStatus = async (journal: Journal, submissionId: string) =>
  (
    await journal.claimEffect(
      `slack-parent:${submissionId}`,
      { submissionId, entryId: null, since: 0 },
      60_000,
    )
  ).status;

describe.each(stores)("prune's guards on submission state ($name)", (store) => {
  let journal: Journal | undefined;
  afterEach(async () => {
    await journal?.close(1000);
    journal = undefined;
  });

  it.skipIf(store.skip)(
    "prune deletes the state and parent of a submission left without entries before the cutoff, and no other",
    async () => {
      journal = await store.open();
      // Old, with an entry still waiting (no workers run): kept.
      await journal.saveState("s-open", "{}");
      await parentDone(journal, "s-open");
      await journal.ingest("open-1", completedEvent("s-open", "a-1"));
      // Old, without entries: deleted with its parent.
      await journal.saveState("s-gone", "{}");
      await parentDone(journal, "s-gone");
      const { cutoff, passed } = cutoffNow();
      passed();
      // New, without entries: kept.
      await journal.saveState("s-new", "{}");
      await parentDone(journal, "s-new");
      expect(await journal.prune(cutoff, 10)).toBe(0);
      expect(await journal.loadState("s-open")).toBe("{}");
      expect(await journal.loadState("s-new")).toBe("{}");
      expect(await journal.loadState("s-gone")).toBeNull();
      expect(await parentStatus(journal, "s-open")).toBe("done");
      expect(await parentStatus(journal, "s-new")).toBe("done");
      expect(await parentStatus(journal, "s-gone")).toBe("new");
      expect((await journal.listEntries(10)).map((e) => e.id)).toEqual(["open-1"]);
    },
  );

  it.skipIf(store.skip)(
    "pruneDeliveryIds deletes only ids received before the cutoff, oldest first, up to the limit",
    async () => {
      journal = await store.open();
      await journal.ingest("id-1", completedEvent("s-ids", "a-1"));
      await journal.ingest("id-2", completedEvent("s-ids", "a-2"));
      const { cutoff, passed } = cutoffNow();
      passed();
      await journal.ingest("id-3", completedEvent("s-ids", "a-3"));
      expect(await journal.pruneDeliveryIds(cutoff, 1)).toBe(1);
      expect(await journal.pruneDeliveryIds(cutoff, 10)).toBe(1);
      expect(await journal.pruneDeliveryIds(cutoff, 10)).toBe(0);
      // id-3 is still a dedupe key; id-1 and id-2 are not (their entries are still there,
      // so they stay duplicates of those entries).
      expect(await journal.ingest("id-3", completedEvent("s-ids", "a-3"))).toBe("duplicate");
    },
  );
});
