import { randomUUID } from "node:crypto";
import { link, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { makeFolder } from "../../src/shared/index.ts";
import { DataDirInUseError } from "./data-dir-in-use-error.ts";

/** The lock file of a `--data-dir`: the pid of the emulator that uses it. */
export function lockFilePath(dataDir: string): string {
  return join(dataDir, "emulator.lock");
}

/** A held `--data-dir` lock. */
export interface DataDirLock {
  /** Removes the lock file (only if it is still this holder's). */
  release(): Promise<void>;
}

/** Tries to take the lock over a bounded number of times (a stale lock removed, then taken). */
const ATTEMPTS = 3;

/**
 * The lock files this process holds. A lock is a process's, so this is process-wide on purpose:
 * a lock naming this process's pid is held only if it is in here; otherwise an earlier process
 * with the same pid left it (a container restarted after `docker kill` gets the same pid).
 */
const HELD_HERE = new Set<string>();

/** Whether process `pid` runs: signal 0 checks without signalling (EPERM: it runs as another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid a lock file names, or null when it names none (not a whole number). */
async function holderOf(lockFile: string): Promise<number | null | undefined> {
  try {
    const pid = Number((await readFile(lockFile, "utf8")).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Takes the lock of `dataDir` for this process, so that a second emulator on the same folder
 * refuses to start ({@link DataDirInUseError}) instead of overwriting the first one's state.
 * The lock is a file with the holder's pid, made whole and then linked into place (link fails
 * when the name exists, so two starts never both succeed). A lock whose process is gone (an
 * emulator killed with SIGKILL, or a crash) is stale: it is removed and taken.
 */
export async function lockDataDir(
  dataDir: string,
  pid: number = process.pid,
  alive: (pid: number) => boolean = processAlive,
): Promise<DataDirLock> {
  const lockFile = lockFilePath(resolve(dataDir));
  const temp = `${lockFile}.${pid}.${randomUUID()}.tmp`;
  try {
    await makeFolder(dataDir);
    await writeFile(temp, `${pid}\n`);
  } catch (error) {
    // The folder is what the user named and can change, not the lock's temporary file.
    throw Object.assign(error as Error, { path: resolve(dataDir) });
  }
  let holder: number | null | undefined;
  let taken = false;
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        await link(temp, lockFile);
        taken = true;
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      holder = await holderOf(lockFile);
      if (holder === undefined) continue; // Released meanwhile: take it.
      const running = holder === pid ? HELD_HERE.has(lockFile) : holder !== null && alive(holder);
      if (running) throw new DataDirInUseError(dataDir, holder, lockFile);
      // Stale: its emulator ended without removing it.
      await removeStaleLock(lockFile, holder, pid, alive);
    }
  } finally {
    await rm(temp, { force: true });
  }
  if (!taken) throw new DataDirInUseError(dataDir, holder ?? null, lockFile);
  HELD_HERE.add(lockFile);
  return {
    async release() {
      if (!HELD_HERE.delete(lockFile)) return;
      if ((await holderOf(lockFile)) === pid) await rm(lockFile, { force: true });
    },
  };
}

/**
 * Removes a stale lock that names `holder`, under a takeover guard (`emulator.lock.takeover`,
 * linked into place as the lock is). Checking the holder and removing the file are two steps:
 * without the guard, a start that checked may remove the lock another start has just taken,
 * and both run. With it, only the guard's holder removes a lock, and it checks the lock again
 * first. A guard left by a process that died holding it (for the few milliseconds it is held)
 * is removed in turn.
 */
async function removeStaleLock(
  lockFile: string,
  holder: number | null,
  pid: number,
  alive: (pid: number) => boolean,
): Promise<void> {
  const guard = `${lockFile}.takeover`;
  const temp = `${guard}.${pid}.${randomUUID()}.tmp`;
  await writeFile(temp, `${pid}\n`);
  try {
    try {
      await link(temp, guard);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // Another start is taking it over: the caller looks again.
      const other = await holderOf(guard);
      if (other === null || (other !== undefined && other !== pid && !alive(other))) {
        await unlink(guard).catch(() => undefined);
      }
      return;
    }
    try {
      if ((await holderOf(lockFile)) === holder) await unlink(lockFile).catch(() => undefined);
    } finally {
      await unlink(guard).catch(() => undefined);
    }
  } finally {
    await rm(temp, { force: true });
  }
}
