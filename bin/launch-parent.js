// The parent a command was started by, recorded before any bundle loads. Loading a bundle takes
// a while; a parent that exits meanwhile re-parents the command (to pid 1 or a subreaper), and a
// watch that read the parent only once it began would take that one for the parent and never
// see it go. One slot for the whole process (a registered symbol on globalThis): the bin writes
// it and the bundle, a separate copy of this file, reads it; nothing is passed between them.

const SLOT = Symbol.for("content-review.launchParentPid");

/**
 * Records the parent pid as this process's launch parent, once: a later call keeps the first
 * value. Call it as the first thing an entry does. Returns the recorded pid.
 * @param {number} [ppid] @default process.ppid
 * @returns {number}
 */
export function recordLaunchParentPid(ppid = process.ppid) {
  globalThis[SLOT] ??= ppid;
  return globalThis[SLOT];
}

/**
 * The launch parent recorded by {@link recordLaunchParentPid}, or undefined when none was.
 * @returns {number | undefined}
 */
export function launchParentPid() {
  return globalThis[SLOT];
}
