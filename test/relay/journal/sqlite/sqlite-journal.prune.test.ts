import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteJournal } from "../../../../relay/journal/index.ts";
import type { AssetEvent } from "../../../../relay/relay-event.ts";
import { waitUntil } from "../../helpers/signed-sender.ts";
import { completedEvent } from "../../helpers/submission-builders.ts";

const EVENT: AssetEvent = completedEvent("s-1", "a-1");

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("openSqliteJournal prune", () => {
  // A retention sweep on a full disk once left one of its writes' rejections unhandled, and
  // Node ended the relay for it (the full-disk reliability run).
  it("rejects when its writes fail, and leaves no rejection unhandled (it would end the process)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "relay-prune-"));
    dirs.push(dir);
    const path = join(dir, "relay.db");
    const open = () =>
      openSqliteJournal({ path, retry: { maxAttempts: 3, baseMs: 10, maxMs: 50 }, pollMs: 10 });
    // Every write of the sweep fails, as on a full disk: deleting an entry aborts.
    await open().close(1000);
    const other = new DatabaseSync(path);
    other.exec(
      "CREATE TRIGGER fail_deletes BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'injected write failure'); END;",
    );
    other.close();
    const journal = open();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      await journal.ingest("m-1", EVENT);
      await journal.start(async () => undefined);
      await waitUntil("the entry done", async () =>
        (await journal.listEntries(5)).every((e) => e.state === "done"),
      );
      await expect(journal.prune(Date.now() + 60_000, 10)).rejects.toThrow(/injected/);
      // Every write settled (the writer drains on close), and a turn of the event loop later
      // Node has reported any of their rejections left unhandled.
      await journal.close(1000);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
      await journal.close(1000);
    }
  });
});
