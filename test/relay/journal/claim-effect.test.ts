import { fdatasync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ClaimSteps,
  claimEffect,
  type EffectRecord,
} from "../../../relay/journal/claim-effect.ts";
import type { EffectJournal, Journal } from "../../../relay/journal/index.ts";
import { postgresClaimSteps } from "../../../relay/journal/postgres/postgres-effects.ts";
import { postgresQueries } from "../../../relay/journal/postgres/postgres-queries.ts";
import { preparePostgresSchema } from "../../../relay/journal/postgres/postgres-schema.ts";
import { sqliteClaimSteps } from "../../../relay/journal/sqlite/sqlite-effects.ts";
import { createGroupCommit } from "../../../relay/journal/sqlite/sqlite-group-commit.ts";
import {
  prepareStatements,
  SQLITE_SCHEMA,
  upgradeSqliteSchema,
} from "../../../relay/journal/sqlite/sqlite-schema.ts";
import { testStores } from "../helpers/journal-stores.ts";
import { TEST_POSTGRES_URL, testSchema } from "../helpers/postgres.ts";
import { waitUntil } from "../helpers/signed-sender.ts";

const stores = testStores("relay_claims_test");
const dir = mkdtempSync(join(tmpdir(), "claim-effect-test-"));

/** Steps over one in-memory row, recording the writes; `race` changes the row before a write. */
function memorySteps(
  initial: EffectRecord | undefined,
  race?: (step: string) => EffectRecord | undefined,
) {
  let row = initial;
  const writes: string[] = [];
  const steps: ClaimSteps = {
    insert: async () => {
      writes.push("insert");
      if (race !== undefined) row = race("insert");
      if (row !== undefined) return false;
      row = { state: "claimed", value: null, until: 9e15, expired: false };
      return true;
    },
    takeOver: async () => {
      writes.push("takeOver");
      if (race !== undefined) row = race("takeOver");
      if (row?.state !== "claimed" || !row.expired) return undefined;
      row = { ...row, expired: false };
      return 4242;
    },
    read: async () => row,
  };
  return { steps, writes };
}

const held: EffectRecord = { state: "claimed", value: null, until: 5000, expired: false };
const ended: EffectRecord = { state: "claimed", value: null, until: 5000, expired: true };
const done: EffectRecord = { state: "done", value: "1.2", until: 0, expired: true };

describe("claimEffect", () => {
  it.each([
    ["no row: a new claim, one write", undefined, { status: "new" }, ["insert"]],
    ["a held claim: busy until it ends, no write", held, { status: "busy", until: 5000 }, []],
    [
      "an ended claim: taken over, unknown",
      ended,
      { status: "unknown", since: 4242 },
      ["takeOver"],
    ],
    ["a done effect: its value, no write", done, { status: "done", value: "1.2" }, []],
  ] as const)("claimEffect on %s", async (_name, row, expected, writes) => {
    const memory = memorySteps(row);
    expect(await claimEffect(memory.steps, 1000)).toMatchObject(expected);
    expect(memory.writes).toEqual(writes);
  });

  it("claimEffect gives each claim a fresh token", async () => {
    const first = await claimEffect(memorySteps(undefined).steps, 1000);
    const second = await claimEffect(memorySteps(ended).steps, 1000);
    if (first.status !== "new" || second.status !== "unknown") throw new Error("expected claims");
    expect(first.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.token).not.toBe(second.token);
  });

  it("claimEffect reads again when another claimant inserts between its read and its write", async () => {
    const memory = memorySteps(undefined, () => held);
    expect(await claimEffect(memory.steps, 1000)).toEqual({ status: "busy", until: 5000 });
    expect(memory.writes).toEqual(["insert"]);
  });

  it("claimEffect reads again when another claimant takes an ended claim over first", async () => {
    const memory = memorySteps(ended, () => done);
    expect(await claimEffect(memory.steps, 1000)).toEqual({ status: "done", value: "1.2" });
    expect(memory.writes).toEqual(["takeOver"]);
  });
});

/** A store's journal; SQLite's is a file whose fsyncs it counts (each durable write costs one). */
async function openCounting(store: (typeof stores)[number]) {
  let fsyncs = 0;
  const journal = await store.open({
    path: join(dir, `${Math.random()}.db`),
    fdatasync: (fd, callback) => {
      fsyncs += 1;
      fdatasync(fd, callback);
    },
  });
  return { journal, fsyncs: () => (store.name === "sqlite" ? fsyncs : undefined) };
}

const scope = { submissionId: "s-claims", entryId: "e-1", since: 1000 };

async function newClaim(effects: EffectJournal, key: string, leaseMs: number): Promise<string> {
  const claim = await effects.claimEffect(key, scope, leaseMs);
  if (claim.status !== "new") throw new Error(`expected a new claim, got ${claim.status}`);
  return claim.token;
}

describe.each(stores)("journal claims ($name)", (store) => {
  const { skip } = store;
  const open = () => openCounting(store);
  let journal: Journal | undefined;
  afterEach(async () => {
    await journal?.close(1000);
    journal = undefined;
  });

  it.skipIf(skip)("a busy claim costs no write, however often it is asked for", async () => {
    const opened = await open();
    journal = opened.journal;
    await newClaim(journal, "slack-reply:busy", 60_000);
    const before = opened.fsyncs();
    for (let i = 0; i < 5; i += 1) {
      expect(await journal.claimEffect("slack-reply:busy", scope, 60_000)).toMatchObject({
        status: "busy",
      });
    }
    expect(opened.fsyncs()).toBe(before);
  });

  it.skipIf(skip)(
    "a claim is on disk before it is used; recording or giving it up waits for no fsync",
    async () => {
      const opened = await open();
      journal = opened.journal;
      const before = opened.fsyncs();
      const token = await newClaim(journal, "slack-reply:durable", 0);
      const claimed = opened.fsyncs();
      const takenOver = await journal.claimEffect("slack-reply:durable", scope, 60_000);
      const tookOver = opened.fsyncs();
      if (takenOver.status !== "unknown") throw new Error("expected a take-over");
      await journal.completeEffect("slack-reply:durable", takenOver.token, "1.1");
      const released = await newClaim(journal, "slack-reply:released", 60_000);
      const afterSecondClaim = opened.fsyncs();
      await journal.abandonEffect("slack-reply:released", released, "not-performed");
      const after = opened.fsyncs();
      expect(token).not.toBe(takenOver.token);
      if (before === undefined) return; // Postgres: its own WAL
      expect([claimed, tookOver, afterSecondClaim, after]).toEqual([
        before + 1,
        before + 2,
        before + 3,
        before + 3,
      ]);
    },
  );

  it.skipIf(skip)("a done effect costs no write either", async () => {
    const opened = await open();
    journal = opened.journal;
    const token = await newClaim(journal, "slack-reply:done", 60_000);
    await journal.completeEffect("slack-reply:done", token, "1.1");
    const before = opened.fsyncs();
    expect(await journal.claimEffect("slack-reply:done", scope, 60_000)).toEqual({
      status: "done",
      value: "1.1",
    });
    expect(opened.fsyncs()).toBe(before);
  });

  it.skipIf(skip)(
    "giving a claim up as not performed needs the current token: a stale attempt's release leaves the new holder's claim",
    async () => {
      journal = (await open()).journal;
      const key = "github-status:stale";
      const stale = await newClaim(journal, key, 1);
      let current: string | undefined;
      await waitUntil("the first lease to end", async () => {
        const next = await journal?.claimEffect(key, scope, 60_000);
        if (next?.status === "unknown") current = next.token;
        return current !== undefined;
      });
      await journal.abandonEffect(key, stale, "not-performed");
      expect(await journal.claimEffect(key, scope, 60_000)).toMatchObject({ status: "busy" });
      await journal.completeEffect(key, current as string, "ok");
      expect(await journal.claimEffect(key, scope, 60_000)).toEqual({
        status: "done",
        value: "ok",
      });
    },
  );

  it.skipIf(skip)("a stale attempt cannot record the effect done over the new holder", async () => {
    journal = (await open()).journal;
    const key = "github-status:late";
    const stale = await newClaim(journal, key, 1);
    await waitUntil(
      "the take-over",
      async () => (await journal?.claimEffect(key, scope, 60_000))?.status === "unknown",
    );
    await expect(journal.completeEffect(key, stale, "late")).rejects.toThrow(/claim/);
    expect(await journal.claimEffect(key, scope, 60_000)).toMatchObject({ status: "busy" });
  });

  it.skipIf(skip)(
    "giving a claim up as not performed frees the key; as unknown, keeps it to its lease",
    async () => {
      journal = (await open()).journal;
      const refused = await newClaim(journal, "slack-reply:refused", 60_000);
      await journal.abandonEffect("slack-reply:refused", refused, "not-performed");
      expect((await journal.claimEffect("slack-reply:refused", scope, 60_000)).status).toBe("new");
      const unknown = await newClaim(journal, "slack-reply:unknown", 60_000);
      await journal.abandonEffect("slack-reply:unknown", unknown, "unknown");
      expect((await journal.claimEffect("slack-reply:unknown", scope, 60_000)).status).toBe("busy");
    },
  );
});

/** A store's claim steps on its own tables, and the completion of a claim. */
interface StepsHarness {
  steps(key: string): ClaimSteps;
  complete(key: string, token: string, value: string): Promise<void>;
  close(): Promise<void>;
}

const stepStores: { name: string; skip: boolean; open: () => Promise<StepsHarness> }[] = [
  {
    name: "sqlite",
    skip: false,
    open: async () => {
      const db = new DatabaseSync(":memory:");
      db.exec(SQLITE_SCHEMA);
      upgradeSqliteSchema(db);
      const q = prepareStatements(db);
      const writer = createGroupCommit({
        db,
        walFd: null,
        onDurabilityFailure: (error) => {
          throw error;
        },
        onCommitted: () => undefined,
      });
      return {
        steps: (key) => sqliteClaimSteps(q, writer, key, scope),
        complete: async (key, token, value) => {
          await writer.write(q.complete, [value, Date.now(), key, token], false);
        },
        close: async () => {
          await writer.close();
          db.close();
        },
      };
    },
  },
  {
    name: "postgres",
    skip: stores[1]?.skip ?? true,
    open: async () => {
      const schema = testSchema("relay_steps_test");
      const pool = new pg.Pool({ connectionString: TEST_POSTGRES_URL, max: 4 });
      const client = await pool.connect();
      await preparePostgresSchema(client, `"${schema}"`);
      client.release();
      const q = postgresQueries(`"${schema}"`);
      return {
        steps: (key) => postgresClaimSteps(pool, q, key, scope),
        complete: async (key, token, value) => {
          await pool.query(q.complete, [key, token, value]);
        },
        close: () => pool.end(),
      };
    },
  },
];

describe.each(stepStores)("claim steps ($name): the store's guards decide", ({ skip, open }) => {
  let harness: StepsHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it.skipIf(skip)("insert records a claim where the key has no row, and only there", async () => {
    harness = await open();
    const steps = harness.steps("k-insert");
    expect(await steps.insert("t-1", 60_000)).toBe(true);
    expect(await steps.insert("t-2", 60_000)).toBe(false);
    await harness.complete("k-insert", "t-1", "v");
    expect(await steps.insert("t-3", 60_000)).toBe(false);
    expect(await steps.read()).toMatchObject({ state: "done", value: "v" });
  });

  it.skipIf(skip)("of two inserts at once, one claims and the other is refused", async () => {
    harness = await open();
    const steps = harness.steps("k-race");
    const results = await Promise.all([steps.insert("t-1", 60_000), steps.insert("t-2", 60_000)]);
    expect(results.sort()).toEqual([false, true]);
  });

  it.skipIf(skip)(
    "takeOver takes only a claim whose lease ended, never a done effect",
    async () => {
      harness = await open();
      const live = harness.steps("k-live");
      await live.insert("t-1", 60_000);
      expect(await live.read()).toMatchObject({ state: "claimed", expired: false });
      expect(await live.takeOver("t-2", 60_000)).toBeUndefined();
      const ended = harness.steps("k-ended");
      await ended.insert("t-1", 0);
      expect(await ended.read()).toMatchObject({ state: "claimed", expired: true });
      expect(await ended.takeOver("t-2", 60_000)).toBe(scope.since);
      expect(await ended.read()).toMatchObject({ state: "claimed", expired: false });
      expect(await ended.takeOver("t-3", 60_000)).toBeUndefined();
      const done = harness.steps("k-done");
      await done.insert("t-1", 0);
      await harness.complete("k-done", "t-1", "v");
      expect(await done.takeOver("t-2", 60_000)).toBeUndefined();
      expect(await done.read()).toMatchObject({ state: "done", value: "v" });
    },
  );

  it.skipIf(skip)("of two take-overs at once, one takes the ended claim", async () => {
    harness = await open();
    const steps = harness.steps("k-takeover-race");
    await steps.insert("t-1", 0);
    const results = await Promise.all([
      steps.takeOver("t-2", 60_000),
      steps.takeOver("t-3", 60_000),
    ]);
    expect(results.filter((since) => since !== undefined)).toEqual([scope.since]);
  });
});
