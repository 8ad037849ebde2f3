import { launchParentPid } from "./launch-parent.ts";

/** Options of {@link stopWhenParentExits}. */
export interface ParentWatchOptions {
  /** How often the parent is checked, in milliseconds. @default 500 */
  readonly intervalMs?: number;
  /** Reads the parent's pid. @default () => process.ppid */
  readonly parentPid?: () => number;
  /**
   * The parent this process was started by. @default the one the entry recorded with
   * `recordLaunchParentPid` (the bins do so before their bundle loads), else the parent now
   */
  readonly launchParentPid?: number | undefined;
}

/**
 * Calls `onExit` once when the process that started this one goes away, and returns a function
 * that stops watching. `npx content-review …` runs npm, then `sh`, then node: a `kill` of the
 * npx pid reaches `sh`, not node, which would go on with parent pid 1 (issue 17). Node has no
 * event for a parent's end, so the parent pid is compared at an interval; the timer is unref'd,
 * so it never keeps the process alive. A parent already gone when the watch begins (it exited
 * while the bundle loaded) calls `onExit` at once, right after this call returns.
 *
 * @example
 * const unwatch = stopWhenParentExits(() => process.kill(process.pid, "SIGTERM"));
 */
export function stopWhenParentExits(
  onExit: () => void,
  options: ParentWatchOptions = {},
): () => void {
  const parentPid = options.parentPid ?? (() => process.ppid);
  const parent = options.launchParentPid ?? launchParentPid() ?? parentPid();
  let watching = true;
  const stop = () => {
    watching = false;
    clearInterval(timer);
  };
  const check = () => {
    if (!watching || parentPid() === parent) return;
    stop();
    onExit();
  };
  const timer = setInterval(check, options.intervalMs ?? 500);
  timer.unref();
  // After the caller has its unwatch function and has finished what it was doing.
  queueMicrotask(check);
  return stop;
}
