/** A failed start's error, as Node gives it: a code, and the port or the path it was about. */
type StartError = Error & {
  code?: string;
  syscall?: string;
  port?: number;
  address?: string;
  path?: string;
};

/** What to say for a start that failed with these codes: the cause in words, and what to do. */
const FILE_FAILURES: Readonly<Record<string, string>> = Object.freeze({
  EACCES: "is not writable by this user",
  EPERM: "is not writable by this user",
  EROFS: "is on a read-only file system",
  ENOSPC: "is on a full disk",
  // mkdir says ENOENT where a folder on the path cannot be made (procfs, a link to nowhere).
  "mkdir ENOENT": "cannot be created: a folder on its path cannot be made",
  ENOTDIR: "cannot be a folder: a file stands where a folder should be on its path",
});

/** What else to do, where fixing permissions would not help. */
const TO_DO: Readonly<Record<string, string>> = Object.freeze({
  ENOSPC: ", or free some space",
  ENOTDIR: ", or move that file",
  ENOENT: "",
});

/**
 * The one line a failed start prints (after `content-review-emulator: `): a port in use, or a
 * data folder that cannot be written, in words with what to do; any other error as it is.
 */
export function startFailureMessage(error: unknown): string {
  const e = error as StartError;
  if (e.code === "EADDRINUSE")
    return `port ${e.port} on ${e.address} is already in use: stop what listens there, or pass another port (--port 0 picks a free one)`;
  const why =
    e.code === undefined
      ? undefined
      : (FILE_FAILURES[`${e.syscall} ${e.code}`] ?? FILE_FAILURES[e.code]);
  if (why !== undefined && e.path !== undefined)
    return `cannot write ${e.path}: it ${why} (${e.code}). Pass a --data-dir the emulator can write to${TO_DO[e.code ?? ""] ?? ", or fix the folder's permissions"}; without --data-dir the state stays in memory.`;
  return e.message ?? String(error);
}
