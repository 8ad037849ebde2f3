import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Journal, openSqliteJournal } from "../../../../relay/journal/index.ts";
import { waitUntil } from "../../helpers/signed-sender.ts";
import { completedEvent } from "../../helpers/submission-builders.ts";

const STATE_BYTES = 100_000;
const EVENTS = 200;
let dir: string;
let journal: Journal | null = null;
afterEach(async () => {
  await journal?.close(1000);
  journal = null;
  rmSync(dir, { recursive: true, force: true });
});

function open(): Journal {
  dir = mkdtempSync(join(tmpdir(), "sqlite-runs-"));
  journal = openSqliteJournal({
    path: join(dir, "relay.db"),
    retry: { maxAttempts: 3, baseMs: 10, maxMs: 50 },
    pollMs: 10,
  });
  return journal;
}

describe("the SQLite journal's worker on a long line of one submission", () => {
  it("writes the submission's state once per run of entries, not once per event", async () => {
    const j = open();
    // One commit for all of them (the group commit takes the ingests of one turn together).
    const ids = Array.from({ length: EVENTS }, (_, n) => n);
    await Promise.all(ids.map((n) => j.ingest(`m-${n}`, completedEvent("s-1", `a-${n}`))));
    const order: string[] = [];
    await j.start(async (entry) => {
      // What the relay's handler does: read the state, fold the event, save it whole.
      const state = JSON.parse((await j.loadState("s-1")) ?? '{"seen":[]}') as { seen: string[] };
      order.push(entry.id);
      await j.saveState(
        "s-1",
        JSON.stringify({ seen: [...state.seen, entry.id], pad: "x".repeat(STATE_BYTES) }),
      );
    });
    await waitUntil("every entry relayed", async () => (await j.stats()).queueDepth === 0);
    expect(order).toEqual(Array.from({ length: EVENTS }, (_, n) => `m-${n}`));
    expect(JSON.parse((await j.loadState("s-1")) ?? "{}").seen).toHaveLength(EVENTS);
    // One write of the state per event would put EVENTS x 100 kB through the WAL (SQLite then
    // checkpoints at 4 MB and reuses the file); a write per run keeps it to a few states.
    expect(statSync(join(dir, "relay.db-wal")).size).toBeLessThan(10 * STATE_BYTES);
  });

  it("ends a run at a failed entry: the entries after it wait for its retry, in order", async () => {
    const j = open();
    for (let n = 0; n < 5; n += 1) await j.ingest(`m-${n}`, completedEvent("s-1", `a-${n}`));
    const order: string[] = [];
    let failed = false;
    await j.start(async (entry) => {
      order.push(entry.id);
      if (entry.id === "m-2" && !failed) {
        failed = true;
        throw new Error("the destination is down");
      }
    });
    await waitUntil("every entry relayed", async () => (await j.stats()).queueDepth === 0);
    expect(order).toEqual(["m-0", "m-1", "m-2", "m-2", "m-3", "m-4"]);
    const states = new Map((await j.listEntries(10)).map((e) => [e.id, e.state]));
    expect([...states.values()].every((s) => s === "done")).toBe(true);
  });
});
