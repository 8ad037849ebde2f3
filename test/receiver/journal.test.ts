import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  type Journal,
  type JournalEntry,
  openPostgresJournal,
  openSqliteJournal,
  type RetryPolicy,
} from "../../receiver/journal/index.ts";
import type { AssetEvent } from "../../receiver/relay-event.ts";
import {
  dropSchemas,
  postgresAvailable,
  TEST_POSTGRES_URL,
  uniqueSchema,
} from "./helpers/postgres.ts";
import { waitUntil } from "./helpers/signed-sender.ts";

const RETRY: RetryPolicy = { maxAttempts: 3, baseMs: 10, maxMs: 50 };
const hasPostgres = await postgresAvailable();
const dir = mkdtempSync(join(tmpdir(), "journal-test-"));
const schemas: string[] = [];

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  for (const schema of schemas) await dropSchemas(schema);
});

function event(submissionId: string, assetId: string): AssetEvent {
  return {
    kind: "asset.processing.completed",
    submissionId,
    assetId,
    workspaceId: null,
    status: "complete",
    errorMessage: null,
    issueCount: 0,
    occurredAt: null,
  };
}

const stores: { name: string; skip: boolean; open: () => Promise<Journal> }[] = [
  {
    name: "sqlite",
    skip: false,
    open: async () =>
      openSqliteJournal({ path: join(dir, `${Math.random()}.db`), retry: RETRY, pollMs: 10 }),
  },
  {
    name: "postgres",
    skip: !hasPostgres,
    open: async () => {
      const schema = uniqueSchema("relay_journal_test");
      schemas.push(schema);
      // pg-boss counts retry delays in whole seconds: 1 s base.
      return openPostgresJournal({
        connectionString: TEST_POSTGRES_URL,
        schema,
        retry: { ...RETRY, baseMs: 1000 },
      });
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
      journal = await open();
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
      expect(dead).toMatchObject({ state: "dead", attempts: 3, lastError: "always failing" });
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

  it.skipIf(skip)("keeps relay state and effects", async () => {
    journal = await open();
    expect(await journal.loadState("s")).toBeNull();
    await journal.saveState("s", '{"a":1}');
    await journal.saveState("s", '{"a":2}');
    expect(await journal.loadState("s")).toBe('{"a":2}');
    await journal.setEffect("k", { state: "started", value: null });
    await journal.setEffect("k", { state: "done", value: "1.2" });
    expect(await journal.getEffect("k")).toEqual({ state: "done", value: "1.2" });
    await journal.ping();
  });
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
