import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type EntryRetryPolicy,
  type Journal,
  openPostgresJournal,
  openSqliteJournal,
} from "../../../relay/journal/index.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../helpers/postgres.ts";

const RETRY: EntryRetryPolicy = { maxAttempts: 3, baseMs: 10, maxMs: 50 };
const hasPostgres = hasTestPostgres();
const dir = mkdtempSync(join(tmpdir(), "verdict-watch-"));
const schema = testSchema("verdict_watch");

const stores: { name: string; skip: boolean; open: () => Promise<Journal> }[] = [
  {
    name: "sqlite",
    skip: false,
    open: async () => openSqliteJournal({ path: join(dir, "watch.db"), retry: RETRY }),
  },
  {
    name: "postgres",
    skip: !hasPostgres,
    open: () => openPostgresJournal({ connectionString: TEST_POSTGRES_URL, schema, retry: RETRY }),
  },
];

describe.each(stores)("the verdict watch ($name)", ({ skip, open }) => {
  it.skipIf(skip)(
    "watchVerdict, dueVerdicts and takeVerdictCheck: one taker per due check, events move it",
    async () => {
      const journal = await open();
      try {
        await journal.watchVerdict("s-1", 1000);
        await journal.watchVerdict("s-2", 5000);
        expect((await journal.dueVerdicts(2000, 10)).map((w) => w.submissionId)).toEqual(["s-1"]);
        const [due] = await journal.dueVerdicts(2000, 10);
        expect(due).toMatchObject({ submissionId: "s-1", dueAt: 1000, checks: 0 });
        // Two sweeps (two replicas) with the same row: one takes the check.
        const taken = await Promise.all([
          journal.takeVerdictCheck(due!, 9000),
          journal.takeVerdictCheck(due!, 9000),
        ]);
        expect(taken.filter(Boolean)).toHaveLength(1);
        expect(await journal.dueVerdicts(2000, 10)).toEqual([]);
        const moved = (await journal.dueVerdicts(9000, 10)).find((w) => w.submissionId === "s-1");
        expect(moved).toMatchObject({ dueAt: 9000, checks: 1, linkedAt: due!.linkedAt });
        // An event came: due again later, checks start over, the link time stays.
        await journal.watchVerdict("s-1", 20_000);
        expect(await journal.takeVerdictCheck(moved!, 30_000)).toBe(false);
        const again = (await journal.dueVerdicts(20_000, 10)).find((w) => w.submissionId === "s-1");
        expect(again).toMatchObject({ dueAt: 20_000, checks: 0, linkedAt: due!.linkedAt });
        await journal.unwatchVerdict("s-1");
        await journal.unwatchVerdict("s-2");
        expect(await journal.dueVerdicts(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
      } finally {
        await journal.close(0);
      }
    },
  );

  it.skipIf(skip)(
    "the verdict watch keeps every id exactly: lone surrogates, U+0000, each its own row",
    async () => {
      const journal = await open();
      const odd = ["w\uD800", "w\uDC00", "w\u0000x", "w\ufffd", '\u001bjson:"w"'];
      try {
        for (const [i, id] of odd.entries()) await journal.watchVerdict(id, 100 + i);
        const due = await journal.dueVerdicts(1000, 10);
        expect(due.map((w) => w.submissionId)).toEqual(odd);
        for (const watched of due) expect(await journal.takeVerdictCheck(watched, 5000)).toBe(true);
        for (const id of odd) await journal.unwatchVerdict(id);
        expect(await journal.dueVerdicts(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
      } finally {
        await journal.close(0);
      }
    },
  );
});
