/**
 * Records the parent pid as this process's launch parent, once: a later call keeps the first
 * value. Call it as the first thing an entry does. Returns the recorded pid.
 */
export declare function recordLaunchParentPid(ppid?: number): number;
/** The launch parent recorded by {@link recordLaunchParentPid}, or undefined when none was. */
export declare function launchParentPid(): number | undefined;
