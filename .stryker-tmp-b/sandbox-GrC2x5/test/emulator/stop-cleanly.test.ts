/**
 * docs/emulator.md, "Start it": `npm run -s emulator … &` then `kill` on that pid stops the
 * emulator itself (npm hands the signal on), with no server left running; run as written with
 * bash from a folder of the clone, with SIGTERM as shown and with SIGINT (Ctrl+C).
 */
// @ts-nocheck

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bash, blocksUnder, folderInClone, readDoc } from "../helpers/docs-shell.ts";

describe("docs/emulator.md: the emulator stops on a signal to the documented command's pid", () => {
  let dir: { path: string; remove: () => Promise<void> };
  // A fresh folder each time: the snippet waits for emulator.log to fill.
  beforeEach(async () => {
    dir = await folderInClone();
  });
  afterEach(async () => {
    await dir.remove();
  });

  it.each([
    ["SIGTERM (kill, as shown)", ""],
    ["SIGINT (Ctrl+C)", "-INT "],
  ])("%s", async (_name, flag) => {
    const block = blocksUnder(await readDoc("docs/emulator.md"), "Start it", "sh").find((b) =>
      b.includes("kill $EMULATOR_PID"),
    );
    expect(block).toBeDefined();
    // Port 0 picks a free one; `wait` returns once npm (and the emulator it ran) has exited.
    const script = `${block!.replace("--port 4010", "--port 0").replace("kill $EMULATOR_PID", `kill ${flag}$EMULATOR_PID`)}\nwait\n`;
    const res = await bash(script, { cwd: dir.path, timeoutMs: 25_000 });
    expect(res.code, res.stderr).toBe(0);
    const log = await readFile(join(dir.path, "emulator.log"), "utf8");
    const { baseUrl } = JSON.parse(log.split("\n")[0]!) as { baseUrl: string };
    expect(log).toMatch(
      new RegExp(`\\[emulator\\] ${flag ? "SIGINT" : "SIGTERM"} received, stopping`),
    );
    // Nothing answers any more: the node process is gone, not orphaned.
    await expect(fetch(`${baseUrl}/_emulator/ledger`)).rejects.toThrow();
  });
});
