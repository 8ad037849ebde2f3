/** Options of {@link stopWhenParentExits}. */
export interface ParentWatchOptions {
  /** How often the parent is checked, in milliseconds. @default 500 */
  readonly intervalMs?: number;
  /** Reads the parent's pid. @default () => process.ppid */
  readonly parentPid?: () => number;
}

/**
 * Calls `onExit` once when the process that started this one goes away, and returns a function
 * that stops watching. `npx content-review …` runs npm, then `sh`, then node: a `kill` of the
 * npx pid reaches `sh`, not node, which would go on with parent pid 1 (issue 17). Node has no
 * event for a parent's end, so the parent pid is compared at an interval; the timer is unref'd,
 * so it never keeps the process alive.
 *
 * @example
 * const unwatch = stopWhenParentExits(() => process.kill(process.pid, "SIGTERM"));
 */
export function stopWhenParentExits(
  onExit: () => void,
  options: ParentWatchOptions = {},
): () => void {
  const parentPid = options.parentPid ?? (() => process.ppid);
  const parent = parentPid();
  const timer = setInterval(() => {
    if (parentPid() === parent) return;
    clearInterval(timer);
    onExit();
  }, options.intervalMs ?? 500);
  timer.unref();
  return () => clearInterval(timer);
}
