/**
 * lockDataDir's takeover of a stale lock, driven in one process with stand-in pids: which pids
 * run is the test's `alive`, so races and reused pids need no real processes.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isDataDirInUseError } from "../../../emulator/state/data-dir-in-use-error.ts";
import { lockDataDir, lockFilePath } from "../../../emulator/state/lock-data-dir.ts";

const DEAD = 4_000_000;
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("lockDataDir lets exactly one of many starts racing for a stale lock take it", async () => {
    dir = await mkdtemp(join(tmpdir(), "lock-data-dir-"));
    const alive = (pid: number) => pid !== DEAD;
    for (let round = 0; round < 30; round++) {
      await writeFile(lockFilePath(dir), `${DEAD}\n`);
      const starts = Array.from({ length: 6 }, (_, i) =>
        lockDataDir(dir!, 1000 + i, alive).then(
          () => 1000 + i,
          (error: unknown) => {
            if (!isDataDirInUseError(error)) throw error;
            return null;
          },
        ),
      );
      const winners = (await Promise.all(starts)).filter((pid) => pid !== null);
      expect(winners, `round ${round}`).toHaveLength(1);
      // The lock names the one that won, and no moved-aside or temporary file is left.
      expect((await readFile(lockFilePath(dir), "utf8")).trim()).toBe(String(winners[0]));
      expect(await readdir(dir)).toEqual(["emulator.lock"]);
      await rm(lockFilePath(dir));
    }
  });

  it("lockDataDir takes over a lock naming its own pid that no lock of this process holds (a restarted container reuses the pid)", async () => {
    dir = await mkdtemp(join(tmpdir(), "lock-data-dir-"));
    const pid = 4242;
    await writeFile(lockFilePath(dir), `${pid}\n`);
    const lock = await lockDataDir(dir, pid, () => true);
    // Held now by this process: a second start in it is refused.
    const second = await lockDataDir(dir, pid, () => true).catch((error: unknown) => error);
    expect(isDataDirInUseError(second)).toBe(true);
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });
});
