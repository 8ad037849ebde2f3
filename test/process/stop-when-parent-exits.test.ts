import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stopWhenParentExits } from "../../src/process/index.ts";

describe("stopWhenParentExits", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stopWhenParentExits calls back once when the parent pid changes (re-parented), not before", () => {
    let ppid = 4242;
    const onExit = vi.fn();
    stopWhenParentExits(onExit, { intervalMs: 100, parentPid: () => ppid });
    vi.advanceTimersByTime(1000);
    expect(onExit).not.toHaveBeenCalled();
    ppid = 1;
    vi.advanceTimersByTime(100);
    expect(onExit).toHaveBeenCalledOnce();
    ppid = 7;
    vi.advanceTimersByTime(1000);
    expect(onExit).toHaveBeenCalledOnce();
  });

  it("stopWhenParentExits stops watching when told to", () => {
    let ppid = 4242;
    const onExit = vi.fn();
    const unwatch = stopWhenParentExits(onExit, { intervalMs: 100, parentPid: () => ppid });
    unwatch();
    ppid = 1;
    vi.advanceTimersByTime(1000);
    expect(onExit).not.toHaveBeenCalled();
  });
});
