import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stopWhenParentExits } from "../../src/shared/index.ts";

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

  it("stopWhenParentExits calls back at once when the parent recorded at launch is gone before the watch", async () => {
    const onExit = vi.fn();
    // Started by 4242, re-parented to 1 while the bundle loaded.
    stopWhenParentExits(onExit, { intervalMs: 100, parentPid: () => 1, launchParentPid: 4242 });
    expect(onExit).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(onExit).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1000);
    expect(onExit).toHaveBeenCalledOnce();
  });

  it("stopWhenParentExits takes a launch parent of 1 that is still the parent as alive (init, systemd)", async () => {
    const onExit = vi.fn();
    stopWhenParentExits(onExit, { intervalMs: 100, parentPid: () => 1, launchParentPid: 1 });
    await Promise.resolve();
    vi.advanceTimersByTime(1000);
    expect(onExit).not.toHaveBeenCalled();
  });

  it("stopWhenParentExits told to stop before its first check does not call back", async () => {
    const onExit = vi.fn();
    const unwatch = stopWhenParentExits(onExit, {
      parentPid: () => 1,
      launchParentPid: 4242,
    });
    unwatch();
    await Promise.resolve();
    vi.advanceTimersByTime(1000);
    expect(onExit).not.toHaveBeenCalled();
  });
});
