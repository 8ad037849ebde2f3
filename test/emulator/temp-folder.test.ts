/**
 * The emulator keeps uploads in a temp folder (without --data-dir): every way it ends removes
 * it. Each run gets a private TMPDIR, listed afterwards (npm keeps its own compile cache there).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runProcess } from "../helpers/docs-shell.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = join(ROOT, "emulator/bin.ts");

/** What the emulator left in `dir`: its own folders only. */
async function leftBehind(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith("content-review"));
}

describe("emulator temp folder", () => {
  let tmp: string;
  beforeEach(async () => {
    tmp = await mkdtemp(join(tmpdir(), "emulator-tmpdir-"));
  });
  afterEach(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it("Ctrl+C on `npm run emulator` in a terminal removes it, though the signal may come again (from npm) or as a hang-up", async () => {
    // `script` gives npm a pseudo-terminal; a ^C typed into it is the terminal's SIGINT.
    const child = spawn("script", ["-qfec", "npm run -s emulator -- --port 0", "/dev/null"], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: tmp },
      stdio: ["pipe", "pipe", "pipe"],
    });
    try {
      let out = "";
      let typed = false;
      // The terminal may be gone by the time a write lands: that is the end the test waits for.
      child.stdin!.on("error", () => undefined);
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk;
        if (!typed && out.includes("ready; stop with Ctrl+C")) {
          typed = true;
          child.stdin!.write("\u0003");
        }
      });
      // npm itself ends with 130 on a Ctrl+C, whatever its script does: the folder is the test.
      await once(child, "exit");
      expect(out).toContain("SIGINT received, stopping");
      expect(await leftBehind(tmp)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("a start on a port in use (EADDRINUSE) removes it", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      const res = await runProcess(process.execPath, [BIN, "--port", String(port)], {
        cwd: ROOT,
        env: { TMPDIR: tmp },
        timeoutMs: 60_000,
      });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain("is already in use");
      expect(await leftBehind(tmp)).toEqual([]);
    } finally {
      taken.close();
    }
  });
});
