// Which private temp folders of earlier test runs to remove: a run that was killed skips its
// global teardown and leaves its folder behind. A folder is named after the pid of the run that
// owns it, so a folder is removed only when that process is gone, never one of a live run.
import { readFileSync } from "node:fs";

/** The start of every run's folder name; the owner's pid and a random part follow. */
export const TEST_DIR_PREFIX = "content-review-tests-";

const NAME = new RegExp(`^${TEST_DIR_PREFIX}(\\d+)-[A-Za-z0-9]+$`);

/** The name prefix of the folder of the run in process `pid` (`mkdtemp` adds the random part). */
export function testDirPrefix(pid: number): string {
  return `${TEST_DIR_PREFIX}${pid}-`;
}

/**
 * The names among `names` (entries of the temp folder) that are folders of runs whose process is
 * gone. Names without an owner's pid (another tool's, or an older run's) are never chosen: their
 * owner cannot be told, and it may still be running.
 */
export function staleTestDirs(
  names: readonly string[],
  isAlive: (pid: number) => boolean,
): string[] {
  return names.filter((name) => {
    const pid = Number(NAME.exec(name)?.[1]);
    return Number.isSafeInteger(pid) && pid > 0 && !isAlive(pid);
  });
}

/**
 * Whether process `pid` is running. Signal 0 asks without sending anything; EPERM means it exists
 * under another user. On Linux a zombie counts as gone: it has exited, and where nothing reaps
 * orphans (a container's pid 1) its pid would otherwise look alive for ever.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    // "pid (comm) state …": comm may hold spaces and parentheses, so read after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
  } catch {
    return true;
  }
}
