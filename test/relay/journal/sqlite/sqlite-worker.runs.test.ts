import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Journal, openSqliteJournal } from "../../../../relay/journal/index.ts";
import { waitUntil } from "../../helpers/signed-sender.ts";
import { completedEvent } from "../../helpers/submission-builders.ts";

const STATE_BYTES = 100_000;

/** Bytes this thread has written so far (SQLite writes on the thread that calls it). */
const writtenBytes = () =>
  Number(/^wchar: (\d+)$/m.exec(readFileSync("/proc/thread-self/io", "utf8"))?.[1] ?? Number.NaN);
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
    const before = writtenBytes();
    await j.start(async (entry) => {
      // A destination's answer comes in a later turn, as the relay's handlers' do.
      await new Promise((resolve) => setImmediate(resolve));
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
    // A write of the state per event would write EVENTS x 100 kB; a write per run, a few.
    expect(writtenBytes() - before).toBeLessThan(EVENTS * STATE_BYTES * 0.4);
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
