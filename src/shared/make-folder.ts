import { mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";

/** The longest path the system takes (Linux's PATH_MAX, 4,096 bytes with the final NUL). */
export const MAX_PATH_LENGTH = 4095;

/**
 * Creates `folder` and its missing parents, one level at a time, and returns the folders it
 * created. Node's `mkdir(…, { recursive: true })` never returns on a file system that refuses a
 * new folder with ENOENT (procfs: `--output /proc/x/y` spun at 75% CPU, deaf to Ctrl+C); this
 * walks up once per path component to the nearest folder that exists and creates each level
 * below it, so every failure is an error: ENOENT (refused there), ENOTDIR (a file on the way),
 * EACCES or EROFS (not writable), ENAMETOOLONG.
 */
export async function makeFolder(folder: string): Promise<string[]> {
  const full = resolve(folder);
  if (Buffer.byteLength(full) > MAX_PATH_LENGTH) {
    throw Object.assign(new Error(`ENAMETOOLONG: path too long, mkdir '${full}'`), {
      code: "ENAMETOOLONG",
      path: full,
    });
  }
  const missing: string[] = [];
  for (let current = full; ; current = dirname(current)) {
    const found = await stat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (found?.isDirectory()) break;
    if (found !== undefined) {
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), {
        code: "ENOTDIR",
        path: current,
      });
    }
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const level of missing) {
    await mkdir(level).catch((error: NodeJS.ErrnoException) => {
      // Another writer made it meanwhile: as good as ours.
      if (error.code !== "EEXIST") throw error;
    });
  }
  return missing;
}
