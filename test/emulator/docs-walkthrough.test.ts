/**
 * docs/emulator.md, "Walkthrough with curl", run with bash as written against an emulator, only
 * the address, the key and the receiver's port replaced. It leaves no receiver running and
 * nothing untracked in a clone, and runs again after a run that was interrupted.
 */
import { spawn } from "node:child_process";
import { createConnection } from "node:net";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import {
  bash,
  blocksUnder,
  folderInClone,
  freePort,
  gitStatus,
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

  /** The walkthrough as written, on this emulator and with the receiver on `port`. */
  async function walkthrough(port: number): Promise<string> {
    const [block] = blocksUnder(await readDoc("docs/emulator.md"), "Walkthrough with curl", "sh");
    return block!
      .replace("BASE=http://127.0.0.1:4010", `BASE=${emu.baseUrl}`)
      .replace("KEY=sk_live_...", `KEY=${emu.liveKey}`)
      .replaceAll("4011", String(port));
  }

  it("runs as written and stops the receiver it started; claims.txt is gitignored", async () => {
    const port = await freePort();
    // A receiver left running would hold the shell's stdout open: the run would hit the timeout.
    const res = await bash(await walkthrough(port), { cwd: dir.path, timeoutMs: 60_000 });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('"ruleCode"');
    expect(await listening(port)).toBe(false);
    const ignored = await runProcess("git", ["check-ignore", "-q", "claims.txt"], { cwd: ROOT });
    expect(ignored.code).toBe(0);
  });

  it("runs against the emulator of Start it, started in the background as written: step 2 subscribes, and git sees nothing to commit", async () => {
    const git = await folderInClone({ git: true });
    try {
      const [emulatorPort, receiverPort] = [await freePort(), await freePort()];
      const start = blocksUnder(await readDoc("docs/emulator.md"), "Start it", "sh").find((b) =>
        b.includes("kill $EMULATOR_PID"),
      )!;
      const [walk] = blocksUnder(await readDoc("docs/emulator.md"), "Walkthrough with curl", "sh");
      const script = [
        start
          .replace("--port 4010", `--port ${emulatorPort}`)
          .replace(/^kill \$EMULATOR_PID.*$/m, ""),
        walk!
          .replace("BASE=http://127.0.0.1:4010", `BASE=http://127.0.0.1:${emulatorPort}`)
          .replace("KEY=sk_live_...", "KEY=$(head -1 emulator.log | jq -r .liveKey)")
          .replaceAll("4011", String(receiverPort)),
        "kill $EMULATOR_PID; wait",
      ].join("\n");
      const res = await bash(script, { cwd: git.path, timeoutMs: 60_000 });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).not.toContain("must use HTTPS");
      expect(res.stdout).toContain(`"endpointUrl":"http://127.0.0.1:${receiverPort}/hook"`);
      expect(res.stdout).toContain('"ruleCode"');
      expect(await gitStatus(git.path)).toBe("");
    } finally {
      await git.remove();
    }
  });

  it("runs again after a run interrupted before step 8, whose receiver still holds the port", async () => {
    const port = await freePort();
    const script = await walkthrough(port);
    // The interrupted run: its shell ended after step 2, so its receiver was never stopped. In a
    // process group of its own, so that the test can end it if the rerun does not.
    const interrupted = spawn("bash", ["-e", "-c", script.slice(0, script.indexOf("# 3."))], {
      cwd: dir.path,
      stdio: ["ignore", "pipe", "ignore"],
      detached: true,
    });
    try {
      // Its receiver says when it listens (and writes nothing more: the rerun sends it /quit only).
      for await (const line of createInterface({ input: interrupted.stdout! })) {
        if (line.includes("listens on port")) break;
      }
      interrupted.stdout!.destroy();
      expect(await listening(port)).toBe(true);

      const res = await bash(script, { cwd: dir.path, timeoutMs: 60_000 });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).not.toContain("cannot listen");
      expect(res.stdout).toContain('"ruleCode"');
      // Neither receiver is left: the rerun stopped the earlier one and then its own.
      expect(await listening(port)).toBe(false);
    } finally {
      try {
        process.kill(-interrupted.pid!, "SIGKILL");
      } catch {
        // Its receiver is gone already.
      }
    }
  });
});
