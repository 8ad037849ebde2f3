import { randomBytes } from "node:crypto";
import { link, mkdir, open, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Options of {@link writeFileAtomically}. */
export interface AtomicWriteOptions {
  /** The file's permissions (0o600 keeps a secret private). @default 0o644 */
  readonly mode?: number;
  /** Refuse to replace an existing file (the error's code is `EEXIST`). */
  readonly exclusive?: boolean;
}

/**
 * Writes `content` (a string, or chunks of one given out one at a time, so that a large report
 * is never one string in memory) to `file`, creating its folder. Readers see the old file or
 * the whole new one, never a part: the text goes to a temporary file beside it, which is synced
 * and then renamed over `file` (or, `exclusive`, linked to it). A failure (a full disk, a
 * folder that cannot be written) removes the temporary file and rejects with the error. A
 * symbolic link is written through (its target is replaced); a device or a pipe
 * (`/dev/stdout`) has no whole to replace and is written to in place.
 */
export async function writeFileAtomically(
  file: string,
  content: string | Iterable<string> | AsyncIterable<string>,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const existing = await stat(file).catch(() => undefined);
  if (existing !== undefined && !existing.isFile() && !existing.isDirectory()) {
    await writeFile(file, content, { encoding: "utf8", flag: options.exclusive ? "wx" : "w" });
    return;
  }
  const target = existing === undefined || options.exclusive ? file : await realpath(file);
  const folder = dirname(target);
  await mkdir(folder, { recursive: true });
  const temp = join(
    folder,
    `.${basename(file)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`,
  );
  try {
    const handle = await open(temp, "wx", options.mode ?? 0o644);
    try {
      await handle.writeFile(content, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.exclusive) await link(temp, target);
    else await rename(temp, target);
  } finally {
    // After a rename there is nothing left to remove; after a link, the second name goes.
    await rm(temp, { force: true });
  }
}
