import { execFile } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A small filesystem of a test's own, to fill up and free again. */
export interface SmallDisk {
  /** Where it is mounted. */
  readonly dir: string;
  /** Fills it to the last byte with a filler file. */
  fill(): void;
  /** Removes the filler. */
  free(): void;
  /** Unmounts it and removes the mount point. */
  destroy(): Promise<void>;
}

/**
 * Mounts a `sizeMb` tmpfs on a scratch folder in the OS temp dir (needs root, as in CI); null
 * when mounting is not possible here.
 */
export async function mountSmallDisk(sizeMb = 16): Promise<SmallDisk | null> {
  const dir = mkdtempSync(join(tmpdir(), "small-disk-"));
  try {
    await run("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", dir]);
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const filler = join(dir, "filler");
  return {
    dir,
    fill() {
      const fd = openSync(filler, "a");
      const chunk = Buffer.alloc(64 * 1024);
      try {
        for (;;) writeSync(fd, chunk);
      } catch {
        // ENOSPC: full. Top up the last few bytes.
        try {
          for (;;) writeSync(fd, chunk, 0, 512);
        } catch {
          // Full to the block.
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      unlinkSync(filler);
    },
    async destroy() {
      await run("umount", ["-l", dir]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
