import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  JOURNAL_FAULT_REASONS,
  type Journal,
  journalFaultReason,
  openSqliteJournal,
} from "../../../../relay/journal/index.ts";
import { journalBackoffMs } from "../../../../relay/journal/journal-backoff.ts";
import { waitUntil } from "../../helpers/signed-sender.ts";
import { mountSmallDisk, type SmallDisk } from "../../helpers/small-disk.ts";
import { completedEvent } from "../../helpers/submission-builders.ts";

// A 16 MB tmpfs of this test's own (root, as in CI); elsewhere the test is skipped with a notice.
const disk: SmallDisk | null = await mountSmallDisk(16);
if (disk === null && process.env["CI"] === "true") {
  throw new Error("CI runs as root: mounting a 16 MB tmpfs for the full-disk test must work");
}
if (disk === null) console.warn("NOTICE: cannot mount a tmpfs here; skipping the full-disk test");
afterAll(async () => {
  await disk?.destroy();
});

const event = (submissionId: string, assetId: string) => completedEvent(submissionId, assetId);

describe("openSqliteJournal on a disk that fills up", () => {
  it.skipIf(disk === null)(
    "reports the true cause, backs off instead of spinning, and strands no entry",
    async () => {
      const full = disk as SmallDisk;
      const journal: Journal = openSqliteJournal({
        path: join(full.dir, "relay.db"),
        retry: { maxAttempts: 20, baseMs: 10, maxMs: 50 },
        pollMs: 10,
      });
      const journalErrors: { message: string; delayMs: number }[] = [];
      let runs = 0;
      let filled = false;
      try {
        for (let s = 0; s < 4; s += 1) {
          for (let a = 0; a < 3; a += 1)
            await journal.ingest(`m-${s}-${a}`, event(`s-${s}`, `a-${a}`));
        }
        await journal.start(
          async (entry) => {
            runs += 1;
            // The disk fills while the first entries run: their state writes fail.
            if (entry.id === "m-0-0" && !filled) {
              filled = true;
              full.fill();
            }
          },
          {
            onJournalError: (error, delayMs) =>
              journalErrors.push({ message: (error as Error).message, delayMs }),
          },
        );
        await waitUntil("a failed state write", () => journalErrors.length > 0);
        const pingError = await journal.ping().then(
          () => null,
          (error: unknown) => error,
        );
        expect(String(pingError)).toMatch(/database or disk is full/);
        // SQLite's own error, as node:sqlite raises it, reads as a full disk on /readyz.
        expect(journalFaultReason("sqlite", pingError)).toBe(JOURNAL_FAULT_REASONS.diskFull);
        const runsWhileFull = runs;
        // As long as the journal's first four backoffs take (100 ms doubling: 1.5 s). Backing
        // off, the entries run a handful of times meanwhile; spinning, thousands.
        const fourBackoffs = [1, 2, 3, 4].reduce((sum, n) => sum + journalBackoffMs(n), 0);
        await new Promise((resolve) => setTimeout(resolve, fourBackoffs));
        expect(runs - runsWhileFull).toBeLessThan(40);
        expect(journalErrors.every((e) => /database or disk is full/.test(e.message))).toBe(true);
        expect(journalErrors.some((e) => /cannot rollback/.test(e.message))).toBe(false);
        expect(Math.max(...journalErrors.map((e) => e.delayMs))).toBeGreaterThan(100);

        full.free();
        await waitUntil(
          "every entry done",
          async () => (await journal.listEntries(20)).every((e) => e.state === "done"),
          15_000,
        );
        expect(await journal.stats()).toEqual({ queueDepth: 0, deadLettered: 0 });
      } finally {
        await journal.close(1000);
      }
    },
  );
});
