/**
 * docs/emulator.md, "Start it", when the emulator cannot start (its port is taken): the wait for
 * its first line gives up at once, with a message, instead of waiting for ever.
 */
import { createServer, type Server } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bash, blocksUnder, folderInClone, readDoc } from "../helpers/docs-shell.ts";

describe("docs/emulator.md: Start it, on a port already taken", () => {
  let dir: { path: string; remove: () => Promise<void> };
  let squatter: Server;
  beforeEach(async () => {
    dir = await folderInClone();
    squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
  });
  afterEach(async () => {
    await new Promise((resolve) => squatter.close(resolve));
    await dir.remove();
  });

  it("stops waiting once the emulator has exited, says so, and the script ends", async () => {
    const block = blocksUnder(await readDoc("docs/emulator.md"), "Start it", "sh").find((b) =>
      b.includes("kill $EMULATOR_PID"),
    );
    expect(block).toBeDefined();
    const port = (squatter.address() as { port: number }).port;
    const started = Date.now();
    const res = await bash(block!.replace("--port 4010", `--port ${port}`), {
      cwd: dir.path,
      timeoutMs: 120_000,
    });
    // Ended by itself, before the wait's bound: the emulator's exit ended the wait. A wait that
    // ran out its 300 sleeps of 0.1 s takes 30 s at least, however loaded the machine.
    expect(res.code).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(res.stderr).toContain("The emulator did not start (see its message above).");
    // The final kill finds no emulator (bash -e stops there): nothing was left running.
    expect(res.code).not.toBe(0);
  });
});
