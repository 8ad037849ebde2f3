import { randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
import {
  link,
  lstat,
  open,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { makeFolder } from "./make-folder.ts";

/** Options of {@link writeFileAtomically}. */
export interface AtomicWriteOptions {
  /**
   * The file's permissions (0o600 keeps a secret private). @default the replaced file's, or
   * 0o644 for a new one
   */
  readonly mode?: number;
  /** Refuse to replace an existing file (the error's code is `EEXIST`). */
  readonly exclusive?: boolean;
}

/** Links followed before giving up, as the kernel does (ELOOP). */
const MAX_LINKS = 40;

/** Characters of the file's name kept in the temporary file's: a long name must still fit. */
const NAME_CHARS = 64;

/**
 * Where a link that leads nowhere (yet) points: writing through it creates its target, as
 * writeFile does, instead of replacing the link with a file.
 */
async function danglingTarget(file: string): Promise<string> {
  let path = file;
  for (let i = 0; i < MAX_LINKS; i++) {
    const info = await lstat(path).catch(() => undefined);
    if (!info?.isSymbolicLink()) return path;
    path = resolve(dirname(path), await readlink(path));
  }
  return file;
}

/** The error writeFile gives for a folder, naming the file and not a temporary one. */
function folderError(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`EISDIR: illegal operation on a directory, open '${file}'`), {
    code: "EISDIR",
    syscall: "open",
    path: file,
  });
}

/**
 * Writes `content` (a string, or chunks of one given out one at a time, so that a large report
 * is never one string in memory) to `file`, creating its folder. Readers see the old file or
 * the whole new one, never a part: the text goes to a temporary file beside it, which is synced
 * and then renamed over `file` (or, `exclusive`, linked to it). A replaced file keeps its
 * permissions and, where the process may give them, its owner (as writing in place would); a
 * new one gets `mode`. A failure (a full disk, a folder that cannot be written) removes the
 * temporary file and rejects with the error. A symbolic link is written through (its target is
 * replaced, or created); a device or a pipe (`/dev/stdout`) has no whole to replace and is
 * written to in place.
 */
export async function writeFileAtomically(
  file: string,
  content: string | Iterable<string> | AsyncIterable<string>,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const existing: Stats | undefined = await stat(file).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) {
    if (existing.isDirectory() && !options.exclusive) throw folderError(file);
    if (!existing.isDirectory()) {
      await writeFile(file, content, { encoding: "utf8", flag: options.exclusive ? "wx" : "w" });
      return;
    }
  }
  const target = options.exclusive
    ? file
    : existing === undefined
      ? await danglingTarget(file)
      : await realpath(file);
  const folder = dirname(target);
  await makeFolder(folder);
  const temp = join(
    folder,
    `.${basename(target).slice(0, NAME_CHARS)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`,
  );
  try {
    const handle = await open(temp, "wx", options.mode ?? 0o644);
    try {
      if (existing !== undefined && !options.exclusive) {
        // Replacing a file must not widen who can read it (an --output file made private).
        await handle.chmod(options.mode ?? existing.mode & 0o777);
        const mine = await handle.stat();
        if (mine.uid !== existing.uid || mine.gid !== existing.gid) {
          // Only root may give a file away; anyone else keeps the new file as their own.
          await handle.chown(existing.uid, existing.gid).catch(() => undefined);
        }
      }
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
