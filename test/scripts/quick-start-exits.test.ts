/**
 * `npm start` (scripts/quick-start.ts) stopped early: a reader that goes away (`| head`) and
 * Ctrl+C. Each run gets a private TMPDIR, listed afterwards: the emulator's folder (holding the
 * uploaded bytes) must be gone.
 */
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bash, folderInClone, ROOT, runProcess } from "../helpers/docs-shell.ts";
import { interruptProcessGroup } from "../helpers/interrupt-process-group.ts";

const SCRIPT = join(ROOT, "scripts", "quick-start.ts");

describe("quick-start (npm start) stopped early", () => {
  let dir: { path: string; remove: () => Promise<void> };
  let tmp: string;
  beforeEach(async () => {
    dir = await folderInClone();
    tmp = join(dir.path, "tmp");
    await mkdir(tmp);
  });
  afterEach(async () => {
    await dir.remove();
  });

  it("| head: the reviews still run to their exit code, and no folder is left", async () => {
    const res = await bash(`"${process.execPath}" "${SCRIPT}" | head -1`, {
      cwd: dir.path,
      env: { TMPDIR: tmp, INIT_CWD: dir.path },
      timeoutMs: 50_000,
    });
    expect(res.stdout).toMatch(/^The emulator is listening on http:\/\/127\.0\.0\.1:\d+\.\n$/);
    expect(res.stderr).not.toContain("EPIPE");
    // bash -o pipefail: the reviews' exit code (1: the claims file fails them), not a crash.
    expect(res.code, res.stderr).toBe(1);
    expect(await readdir(tmp)).toEqual([]);
  });

  it("Ctrl+C (SIGINT to the process) stops the review with 130 and closes the emulator", async () => {
    let sent = false;
    const res = await runProcess(process.execPath, [SCRIPT], {
      cwd: dir.path,
      env: { TMPDIR: tmp, INIT_CWD: dir.path },
      timeoutMs: 50_000,
      onStderr: (stderr, kill) => {
        if (!sent && stderr.includes(": done")) {
          sent = true;
          kill("SIGINT");
        }
      },
    });
    expect(sent).toBe(true);
    expect(res.code, res.stderr).toBe(130);
    // The sandbox run never started.
    expect(res.stdout).not.toContain("# sandbox key");
    // The cancelled run says so once and counts nothing.
    expect(res.stdout).toMatch(/^Cancelled: /m);
    expect(res.stdout).not.toMatch(/issues? \(|Review failed/);
    expect(`${res.stdout}${res.stderr}`.match(/cancel/gi)).toHaveLength(1);
    expect(await readdir(tmp)).toEqual([]);
  });

  it("Ctrl+C in a terminal on `npm start` (SIGINT to the process group, which npm hands on again) still closes the emulator", async () => {
    const { sent, code, stderr } = await interruptProcessGroup("npm", ["start"], {
      cwd: dir.path,
      env: { ...process.env, TMPDIR: tmp, INIT_CWD: dir.path },
      ready: (err) => err.includes(": done"),
    });
    expect(sent).toBe(true);
    expect(code, stderr).toBe(130);
    expect(await readdir(tmp)).toEqual([]);
  });
});
