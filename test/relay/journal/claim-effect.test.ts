import { fdatasync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  type ClaimSteps,
  claimEffect,
  type EffectRecord,
} from "../../../relay/journal/claim-effect.ts";
import type { EffectJournal, Journal } from "../../../relay/journal/index.ts";
import { testStores } from "../helpers/journal-stores.ts";
import { waitUntil } from "../helpers/signed-sender.ts";

const { stores, dropAll } = await testStores("relay_claims_test");
const dir = mkdtempSync(join(tmpdir(), "claim-effect-test-"));

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropAll();
});

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
