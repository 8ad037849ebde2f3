/**
 * `--data-dir` is one emulator's: a second on the same folder refuses to start, a lock left by
 * an emulator killed with SIGKILL does not block the next, and a normal stop removes the lock.
 * Real processes of the command line, as a user runs them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator/index.ts";
import { isDataDirInUseError } from "../../emulator/state/data-dir-in-use-error.ts";
import { lockFilePath } from "../../emulator/state/lock-data-dir.ts";

const BIN = fileURLToPath(new URL("../../emulator/bin.ts", import.meta.url));

const children: ChildProcess[] = [];
let dir: string | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  if (dir) await rm(dir, { recursive: true, force: true });
});

function emulatorOn(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, [BIN, "--port", "0", "--data-dir", dataDir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return child;
}

/** The first stdout line (the JSON line) of an emulator that started; its stderr if it ended. */
async function started(child: ChildProcess): Promise<{ baseUrl: string }> {
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const line = once(createInterface({ input: child.stdout! }), "line");
  const exit = once(child, "exit").then(([code]) => {
    throw new Error(`the emulator ended (exit ${code}) before it started: ${stderr}`);
  });
  const [first] = (await Promise.race([line, exit])) as [string];
  return JSON.parse(first) as { baseUrl: string };
}

/** Exit code and stderr of an emulator that refuses to start (an error if it starts). */
async function refused(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const line = once(createInterface({ input: child.stdout! }), "line").then(([first]) => {
    throw new Error(`the emulator started instead of refusing: ${first}`);
  });
  const [code] = (await Promise.race([once(child, "close"), line])) as [number | null];
  return { code, stderr };
}

describe("emulator --data-dir lock", () => {
  it("emulator refuses to start on a --data-dir another one uses, saying what to do, and the first keeps serving", async () => {
    dir = await mkdtemp(join(tmpdir(), "emulator-lock-"));
    const first = emulatorOn(dir);
    const { baseUrl } = await started(first);

    const second = await refused(emulatorOn(dir));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is in use by another emulator (pid ${first.pid})`);
    expect(second.stderr).toContain(
      `kill ${first.pid} once ps -p ${first.pid} shows it is the emulator), or pass another --data-dir`,
    );
    expect((await fetch(`${baseUrl}/_emulator/github/statuses`)).status).toBe(200);
  });

  it("emulator starts on a --data-dir whose emulator was killed with SIGKILL, and removes the lock on SIGTERM", async () => {
    dir = await mkdtemp(join(tmpdir(), "emulator-lock-"));
    const first = emulatorOn(dir);
    await started(first);
    const killed = once(first, "exit");
    first.kill("SIGKILL");
    await killed;
    // Its lock is still there: only its process is gone.
    expect(existsSync(lockFilePath(dir))).toBe(true);

    const next = emulatorOn(dir);
    const { baseUrl } = await started(next);
    expect((await fetch(`${baseUrl}/_emulator/github/statuses`)).status).toBe(200);
    const exit = once(next, "exit");
    next.kill("SIGTERM");
    expect(((await exit) as [number | null])[0]).toBe(0);
    expect(existsSync(lockFilePath(dir))).toBe(false);
  });

  it("startEmulator refuses a dataDir held in the same process, and takes it once that one closes", async () => {
    dir = await mkdtemp(join(tmpdir(), "emulator-lock-"));
    const first = await startEmulator({ dataDir: dir });
    const refused = await startEmulator({ dataDir: dir }).catch((error: unknown) => error);
    expect(isDataDirInUseError(refused)).toBe(true);
    expect(refused).toMatchObject({ pid: process.pid, dataDir: dir });
    await first.close();
    const again = await startEmulator({ dataDir: dir });
    await again.close();
  });

  it("startEmulator takes over a lock that names no running process", async () => {
    dir = await mkdtemp(join(tmpdir(), "emulator-lock-"));
    // A pid above Linux's pid_max and macOS's: no process has it.
    await writeFile(lockFilePath(dir), "99999999\n");
    const emulator = await startEmulator({ dataDir: dir });
    await emulator.close();
    expect(existsSync(lockFilePath(dir))).toBe(false);
  });
});
