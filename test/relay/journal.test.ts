import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackRelay } from "../../relay/destinations/slack-relay.ts";
import {
  type EntryRetryPolicy,
  type Journal,
  type JournalEntry,
  openPostgresJournal,
  openSqliteJournal,
} from "../../relay/journal/index.ts";
import { createLogger } from "../../relay/logger.ts";
import type { RelayEvent } from "../../relay/relay-event.ts";
import { type FakeSlack, startFakeSlack } from "../fakes/fake-slack.ts";
import { attemptContext } from "./helpers/effect-context.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "./helpers/postgres.ts";
import { waitUntil } from "./helpers/signed-sender.ts";
import { completedEvent } from "./helpers/submission-builders.ts";

const RETRY: EntryRetryPolicy = { maxAttempts: 3, baseMs: 10, maxMs: 50 };
const hasPostgres = hasTestPostgres();
const dir = mkdtempSync(join(tmpdir(), "journal-test-"));

const event = (submissionId: string, assetId: string) => completedEvent(submissionId, assetId);

/**
 * Each store opens a new journal, or (with `at`) the journal of an earlier `open`. `attempts`
 * lowers the attempts before an entry is dead (pg-boss counts retry delays in whole seconds).
 */
const stores: {
  name: string;
  skip: boolean;
  open: (at?: string, attempts?: number) => Promise<Journal & { at: string }>;
}[] = [
  {
    name: "sqlite",
    skip: false,
    open: async (at = join(dir, `${Math.random()}.db`), attempts = RETRY.maxAttempts) =>
      Object.assign(
        openSqliteJournal({ path: at, retry: { ...RETRY, maxAttempts: attempts }, pollMs: 10 }),
        { at },
      ),
  },
  {
    name: "postgres",
    skip: !hasPostgres,
    open: async (at, attempts = RETRY.maxAttempts) => {
      const schema = at ?? testSchema("relay_journal_test");
      const journal = await openPostgresJournal({
        connectionString: TEST_POSTGRES_URL,
        schema,
        retry: { ...RETRY, maxAttempts: attempts, baseMs: 1000 },
      });
      return Object.assign(journal, { at: schema });
    },
  },
];

describe.each(stores)("journal ($name)", ({ skip, open }) => {
  let journal: Journal | undefined;
  afterEach(async () => {
    await journal?.close(2000);
    journal = undefined;
  });

  it.skipIf(skip)("ingest dedupes by id and journals each event once", async () => {
    journal = await open();
    expect(await journal.ingest("m-1", event("s-1", "a-1"))).toBe("accepted");
    expect(await journal.ingest("m-1", event("s-1", "a-1"))).toBe("duplicate");
    expect(await journal.ingest("m-2", event("s-1", "a-2"))).toBe("accepted");
    const entries = await journal.listEntries(10);
    expect(entries.map((e) => e.id)).toEqual(["m-2", "m-1"]);
    expect(await journal.stats()).toEqual({ queueDepth: 2, deadLettered: 0 });
  });

  it.skipIf(skip)(
    "handles one submission in order, retrying a failure before its successors",
    async () => {
      journal = await open();
      const seen: string[] = [];
      let failures = 0;
      await journal.ingest("x-1", event("s-order", "a-1"));
      await journal.ingest("x-2", event("s-order", "a-2"));
      await journal.ingest("x-3", event("s-order", "a-3"));
      await journal.start(async (entry: JournalEntry) => {
        if (entry.id === "x-1" && failures < 1) {
          failures += 1;
          throw new Error("Slack is down");
        }
        seen.push(entry.id);
      });
      await waitUntil("three entries", () => seen.length === 3, 20_000);
      expect(seen).toEqual(["x-1", "x-2", "x-3"]);
      const first = (await journal.listEntries(10)).find((e) => e.id === "x-1");
      expect(first).toMatchObject({ state: "done", attempts: 2 });
    },
  );

  it.skipIf(skip)(
    "dead-letters after the last attempt, lets successors through, and redelivers",
    async () => {
      // Two attempts: on Postgres each retry waits a whole second (pg-boss).
      journal = await open(undefined, 2);
      const seen: string[] = [];
      let healthy = false;
      await journal.ingest("d-1", event("s-dead", "a-1"));
      await journal.ingest("d-2", event("s-dead", "a-2"));
      await journal.start(async (entry) => {
        if (entry.id === "d-1" && !healthy) throw new Error("always failing");
        seen.push(entry.id);
      });
      await waitUntil("the successor", () => seen.includes("d-2"), 30_000);
      const dead = (await journal.listEntries(10)).find((e) => e.id === "d-1");
      expect(dead).toMatchObject({ state: "dead", attempts: 2, lastError: "always failing" });
      expect((await journal.stats()).deadLettered).toBe(1);

      healthy = true;
      expect(await journal.redeliver("d-1")).toBe("requeued");
      expect(await journal.redeliver("unknown")).toBe("unknown");
      await waitUntil("the redelivery", () => seen.includes("d-1"), 20_000);
      expect((await journal.stats()).deadLettered).toBe(0);
    },
  );

  it.skipIf(skip)("redeliver leaves an entry that is still waiting alone (busy)", async () => {
    journal = await open();
    await journal.ingest("w-1", event("s-wait", "a-1"));
    expect(await journal.redeliver("w-1")).toBe("busy");
    expect((await journal.listEntries(10)).find((e) => e.id === "w-1")).toMatchObject({
      state: "pending",
      attempts: 0,
    });
  });

  it.skipIf(skip)(
    "stores what it was given exactly: U+0000 and lone surrogates in any field, the submission id too",
    async () => {
      journal = await open(undefined, 1);
      const odd = "s-\u0000-\ud800-\u001bjson:";
      // What both stores would turn the lone surrogate into: a different submission all the same.
      const look = "s-\ufffd-\ufffd-\u001bjson:";
      const failed: RelayEvent = {
        kind: "asset.processing.failed",
        submissionId: odd,
        assetId: "a-\udc00\u0000",
        workspaceId: "w-😀",
        status: "failed",
        errorMessage: "bad byte \u0000 at \ud83d",
        issueCount: null,
        occurredAt: "2026-01-01T00:00:00.000Z",
      };
      expect(await journal.ingest("nul-1", failed)).toBe("accepted");
      expect(await journal.ingest("nul-2", event(look, "a-1"))).toBe("accepted");
      expect(await journal.ingest("nul-3", event(odd, "a-2"))).toBe("accepted");
      const seen: JournalEntry[] = [];
      const j = journal;
      await j.start(async (entry) => {
        const id = entry.event.submissionId;
        expect(await j.hasLaterEntries(id, entry.seq)).toBe(entry.id === "nul-1");
        const before = await j.loadState(id);
        await j.saveState(
          id,
          JSON.stringify([...(before === null ? [] : JSON.parse(before)), entry.id]),
        );
        const claim = await j.claimEffect(
          `slack-parent:${id}`,
          { submissionId: id, entryId: null, since: 0 },
          60_000,
        );
        if (claim.status === "new")
          await j.completeEffect(`slack-parent:${id}`, claim.token, entry.id);
        seen.push(entry);
        throw new Error(`relay of ${id} failed`);
      });
      await waitUntil(
        "three dead entries",
        async () => (await j.stats()).deadLettered === 3,
        30_000,
      );
      expect(seen.find((e) => e.id === "nul-1")?.event).toEqual(failed);
      expect((await j.listEntries(10)).find((e) => e.id === "nul-1")).toMatchObject({
        event: failed,
        state: "dead",
        lastError: "relay of s-\ufffd-\ufffd-\u001bjson: failed",
      });
      expect(JSON.parse((await j.loadState(odd)) ?? "[]")).toEqual(["nul-1", "nul-3"]);
      expect(JSON.parse((await j.loadState(look)) ?? "[]")).toEqual(["nul-2"]);
      const parent = (id: string) =>
        j.claimEffect(`slack-parent:${id}`, { submissionId: id, entryId: null, since: 0 }, 1);
      expect(await parent(odd)).toEqual({ status: "done", value: "nul-1" });
      expect(await parent(look)).toEqual({ status: "done", value: "nul-2" });
    },
  );

  it.skipIf(skip)("keeps relay state", async () => {
    journal = await open();
    expect(await journal.loadState("s")).toBeNull();
    await journal.saveState("s", '{"a":1}');
    await journal.saveState("s", '{"a":2}');
    expect(await journal.loadState("s")).toBe('{"a":2}');
    await journal.ping();
  });

  it.skipIf(skip)(
    "claims an effect once: new, then busy while held, done once completed",
    async () => {
      journal = await open();
      const scope = { submissionId: "s-claim", entryId: "e-1", since: 1000 };
      const first = await journal.claimEffect("slack-reply:e-1", scope, 60_000);
      expect(first.status).toBe("new");
      expect((await journal.claimEffect("slack-reply:e-1", scope, 60_000)).status).toBe("busy");
      if (first.status !== "new") throw new Error("unreachable");
      await journal.completeEffect("slack-reply:e-1", first.token, "1700000000.000100");
      expect(await journal.claimEffect("slack-reply:e-1", scope, 60_000)).toEqual({
        status: "done",
        value: "1700000000.000100",
      });
    },
  );

  it.skipIf(skip)(
    "hands an expired or abandoned claim over as unknown, with the first claimant's bound",
    async () => {
      journal = await open();
      const scope = { submissionId: "s-claim", entryId: "e-2", since: 4242 };
      const first = await journal.claimEffect("github-status:e-2", scope, 1);
      await waitUntil("the claim to expire", async () => {
        const next = await journal?.claimEffect(
          "github-status:e-2",
          { ...scope, since: 9999 },
          60_000,
        );
        if (next?.status === "busy") return false;
        expect(next).toMatchObject({ status: "unknown", since: 4242 });
        return true;
      });
      expect(first.status).toBe("new");
      // An unknown outcome keeps the claim to the end of its lease, then hands it over.
      const held = await journal.claimEffect("github-status:e-3", scope, 300);
      if (held.status !== "new") throw new Error("expected a new claim");
      await journal.abandonEffect("github-status:e-3", held.token, "unknown");
      expect(await journal.claimEffect("github-status:e-3", scope, 60_000)).toMatchObject({
        status: "busy",
      });
      await waitUntil(
        "the abandoned claim's lease to end",
        async () =>
          (await journal?.claimEffect("github-status:e-3", scope, 60_000))?.status === "unknown",
      );
      const refused = await journal.claimEffect("github-status:e-4", scope, 60_000);
      if (refused.status !== "new") throw new Error("expected a new claim");
      await journal.abandonEffect("github-status:e-4", refused.token, "not-performed");
      expect((await journal.claimEffect("github-status:e-4", scope, 60_000)).status).toBe("new");
    },
  );

  it.skipIf(skip)("keeps the gauges as entries change state, without counting", async () => {
    journal = await open(undefined, 1);
    await journal.ingest("g-1", event("s-gauge", "a-1"));
    await journal.ingest("g-2", event("s-gauge-2", "a-1"));
    expect(await journal.stats()).toEqual({ queueDepth: 2, deadLettered: 0 });
    let fail = true;
    const seen: string[] = [];
    await journal.start(async (entry) => {
      if (entry.id === "g-2" && fail) throw new Error("nope");
      seen.push(entry.id);
    });
    await waitUntil(
      "g-1 done and g-2 dead",
      async () => {
        const stats = await journal?.stats();
        return stats?.queueDepth === 0 && stats.deadLettered === 1;
      },
      30_000,
    );
    fail = false;
    await journal.redeliver("g-2");
    await waitUntil("the redelivery", () => seen.includes("g-2"), 20_000);
    await waitUntil("empty gauges", async () => {
      const stats = await journal?.stats();
      return stats?.queueDepth === 0 && stats.deadLettered === 0;
    });
  });
});

describe.each(stores)("journal retention ($name)", ({ skip, open }) => {
  let journal: Journal | undefined;
  afterEach(async () => {
    await journal?.close(200); // its held handler is stopped at the timeout
    journal = undefined;
  });

  it.skipIf(skip)(
    "prune deletes only finished entries older than the cutoff, with their effects",
    async () => {
      const first = await open(undefined, 1);
      journal = first;
      // Old: finished before the cutoff (two done, one dead), and one left pending.
      for (const id of ["old-done-1", "old-done-2", "old-dead"]) {
        await first.ingest(id, event(`s-${id}`, "a"));
      }
      await first.saveState("s-old-done-1", "{}");
      const scope = { submissionId: "s-old-done-1", entryId: "old-done-1", since: 0 };
      const claim = await first.claimEffect("slack-reply:old-done-1", scope, 60_000);
      if (claim.status !== "new") throw new Error("expected a new claim");
      await first.completeEffect("slack-reply:old-done-1", claim.token, null);
      const parent = await first.claimEffect(
        "slack-parent:s-old-done-1",
        { ...scope, entryId: null },
        60_000,
      );
      if (parent.status !== "new") throw new Error("expected a new claim");
      await first.completeEffect("slack-parent:s-old-done-1", parent.token, "1.1");
      await first.start(async (entry) => {
        if (entry.id === "old-dead") throw new Error("dead on purpose");
      });
      await waitUntil(
        "three finished entries",
        async () =>
          (await first.listEntries(10)).filter((e) => e.state === "done" || e.state === "dead")
            .length === 3,
        30_000,
      );
      // Reopened without workers: this entry stays pending.
      await first.close(2000);
      journal = await open(first.at, 1);
      await journal.ingest("old-pending", event("s-old-pending", "a"));
      const cutoff = Date.now();
      // New: finished after the cutoff. Wait out the cutoff's millisecond first (a spin of at
      // most 1 ms): an entry finished within it would count as older, as prune keeps `< cutoff`.
      while (Date.now() <= cutoff) {
        // spin
      }
      await journal.ingest("new-done", event("s-new", "a"));
      await journal.start(async (entry, attempt) => {
        // Held until shutdown: it stays open (running) through the prunes below.
        if (entry.id === "old-pending") {
          await new Promise((resolve) => attempt.signal.addEventListener("abort", resolve));
          throw attempt.signal.reason;
        }
      });
      await waitUntil("the new entry done", async () =>
        ((await journal?.listEntries(10)) ?? []).some(
          (e) => e.id === "new-done" && e.state === "done",
        ),
      );
      expect(await journal.prune(cutoff, 2)).toBe(2);
      expect(await journal.prune(cutoff, 2)).toBe(1);
      expect(await journal.prune(cutoff, 2)).toBe(0);
      const left = (await journal.listEntries(10)).map((e) => e.id).sort();
      expect(left).toEqual(["new-done", "old-pending"]);
      // The entries' effects and the state of submissions left without entries went with them.
      expect(await journal.loadState("s-old-done-1")).toBeNull();
      expect((await journal.claimEffect("slack-reply:old-done-1", scope, 1)).status).toBe("new");
      expect(
        (await journal.claimEffect("slack-parent:s-old-done-1", { ...scope, entryId: null }, 1))
          .status,
      ).toBe("new");
      expect((await journal.stats()).deadLettered).toBe(0);
    },
  );
});

describe.each(stores)("journal delivery ids ($name)", ({ skip, open }) => {
  let journal: (Journal & { at: string }) | undefined;
  afterEach(async () => {
    await journal?.close(2000);
    journal = undefined;
  });

  it.skipIf(skip)(
    "a redelivery after retention deleted its entry is a duplicate until DEDUPE_DAYS prunes its id",
    async () => {
      journal = await open();
      const handle = journal;
      await journal.ingest("dd-1", event("s-dedupe", "a-1"));
      await journal.start(async () => undefined);
      await waitUntil("the entry done", async () =>
        (await handle.listEntries(10)).some((e) => e.id === "dd-1" && e.state === "done"),
      );
      expect(await journal.prune(Date.now() + 1000, 10)).toBe(1);
      expect(await journal.listEntries(10)).toEqual([]);
      expect(await journal.ingest("dd-1", event("s-dedupe", "a-1"))).toBe("duplicate");
      expect(await journal.pruneDeliveryIds(Date.now() - 60_000, 10)).toBe(0);
      expect(await journal.pruneDeliveryIds(Date.now() + 1000, 10)).toBe(1);
      expect(await journal.ingest("dd-1", event("s-dedupe", "a-1"))).toBe("accepted");
    },
  );
});

describe("journal (sqlite) shutdown", () => {
  it("close drains a running handler and records it done", async () => {
    const path = join(dir, "drain.db");
    let journal = openSqliteJournal({ path, retry: RETRY, pollMs: 10 });
    let release: () => void = () => undefined;
    let started = false;
    await journal.ingest("s-1", event("s-drain", "a-1"));
    await journal.start(async () => {
      started = true;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await waitUntil("the handler", () => started);
    const closing = journal.close(10_000);
    release();
    await closing;
    journal = openSqliteJournal({ path, retry: RETRY, pollMs: 10 });
    expect((await journal.listEntries(1))[0]).toMatchObject({ id: "s-1", state: "done" });
    await journal.close(0);
  });

  it("close gives up on a handler past the timeout; the next start runs the entry again", async () => {
    const path = join(dir, "timeout.db");
    let journal = openSqliteJournal({ path, retry: RETRY, pollMs: 10 });
    let started = false;
    await journal.ingest("t-1", event("s-timeout", "a-1"));
    await journal.start(async () => {
      started = true;
      await new Promise(() => undefined); // hangs for good
    });
    await waitUntil("the handler", () => started);
    await journal.close(20);
    journal = openSqliteJournal({ path, retry: RETRY, pollMs: 10 });
    const seen: string[] = [];
    await journal.start(async (entry) => {
      seen.push(entry.id);
    });
    await waitUntil("the rerun", () => seen.includes("t-1"));
    await journal.close(1000);
  });
});

describe.each(stores)("per-submission effects after retention ($name)", ({ skip, open }) => {
  let journal: Journal | undefined;
  let slack: FakeSlack | undefined;
  afterEach(async () => {
    await journal?.close(2000);
    await slack?.close();
    journal = undefined;
    slack = undefined;
  });

  const done = (j: Journal, id: string) =>
    waitUntil(`${id} done`, async () =>
      (await j.listEntries(10)).some((e) => e.id === id && e.state === "done"),
    );

  it.skipIf(skip)(
    "the mention reply of a submission is not posted again after retention deleted the entry that posted it",
    async () => {
      const j = await open();
      journal = j;
      slack = await startFakeSlack({ token: "xoxb-retention" });
      const relay = createSlackRelay({
        token: "xoxb-retention",
        channel: "C01",
        apiUrl: slack.apiUrl,
        pacer: { wait: async () => undefined, pause: () => undefined },
        effects: j,
        logger: createLogger("silent"),
      });
      await j.start(async () => undefined);
      await j.ingest("men-1", event("s-men", "a-1"));
      await done(j, "men-1");
      const parent = await relay.upsertParent(
        "s-men",
        { text: "p", blocks: [] },
        attemptContext("men-1"),
      );
      const mention = (entryId: string) =>
        relay.replyOnce("s-men", parent, "<@U1> failed", attemptContext(entryId), {
          replyKey: "mention:s-men",
        });
      await mention("men-1");
      const cutoff = Date.now();
      while (Date.now() <= cutoff) {
        // spin past the cutoff's millisecond (prune keeps `< cutoff`)
      }
      // A later entry keeps the submission (and its state) alive through retention.
      await j.ingest("men-2", event("s-men", "a-2"));
      await done(j, "men-2");
      await j.saveState("s-men", "{}");
      expect(await j.prune(cutoff, 10)).toBe(1);
      expect(await j.loadState("s-men")).toBe("{}");
      // A redelivered later entry finds the submission failed again.
      await mention("men-3");
      const mentions = slack.messages.filter((m) => m.text === "<@U1> failed");
      expect(mentions).toHaveLength(1);
    },
  );
});
