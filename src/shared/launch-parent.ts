// The library's side of the launch-parent slot. The bins record the parent before any bundle
// loads (bin/launch-parent.js, plain JavaScript, since it runs before the bundle exists); this
// reads and writes the same registered-symbol slot, so the library never imports from bin/.
// The slot's name is the contract between the two: keep them equal.

const SLOT = Symbol.for("content-review.launchParentPid");
const slots = globalThis as unknown as Record<symbol, number | undefined>;

/** Records the parent pid as this process's launch parent, once; returns the recorded pid. */
export function recordLaunchParentPid(ppid: number = process.ppid): number {
  slots[SLOT] ??= ppid;
  return slots[SLOT];
}

/** The launch parent recorded by {@link recordLaunchParentPid}, or undefined when none was. */
export function launchParentPid(): number | undefined {
  return slots[SLOT];
}
