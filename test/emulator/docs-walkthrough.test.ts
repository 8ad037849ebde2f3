/**
 * docs/emulator.md, "Walkthrough with curl", run with bash as written against an emulator, only
 * the address, the key and the receiver's port replaced. It leaves no receiver running and
 * nothing untracked in a clone.
 */
import { createConnection } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import {
  bash,
  blocksUnder,
  folderInClone,
  freePort,
  ROOT,
  readDoc,
  runProcess,
} from "../helpers/docs-shell.ts";

/** True when something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("docs/emulator.md: the curl walkthrough", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0, allowInsecureWebhooks: true });
    dir = await folderInClone();
  });
  afterAll(async () => {
    await emu.close();
    await dir.remove();
  });

  it("runs as written and stops the receiver it started; claims.txt is gitignored", async () => {
    const [block] = blocksUnder(await readDoc("docs/emulator.md"), "Walkthrough with curl", "sh");
    const port = await freePort();
    const script = block!
      .replace("BASE=http://127.0.0.1:4010", `BASE=${emu.baseUrl}`)
      .replace("KEY=sk_live_...", `KEY=${emu.liveKey}`)
      .replaceAll("4011", String(port));
    // A receiver left running would hold the shell's stdout open: the run would hit the timeout.
    const res = await bash(script, { cwd: dir.path, timeoutMs: 20_000 });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('"ruleCode"');
    expect(await listening(port)).toBe(false);
    const ignored = await runProcess("git", ["check-ignore", "-q", "claims.txt"], { cwd: ROOT });
    expect(ignored.code).toBe(0);
  });
});
