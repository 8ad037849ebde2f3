import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  findPipeReaders,
  opensForReading,
  watchPipeReaders,
} from "../../src/shared/watch-pipe-readers.ts";

const PIPE = "pipe:[4711]";
const SELF = 100;

/**
 * A /proc of its own (in the run's private TMPDIR, removed with it): `self` (pid 100) writes the
 * pipe on fd 1; the others as given.
 */
function fakeProc(descriptors: Record<string, { link: string; flags: string }>): string {
  const proc = mkdtempSync(join(tmpdir(), "fake-proc-"));
  fakeDescriptor(proc, String(SELF), "1", PIPE, "0100001");
  symlinkSync(String(SELF), join(proc, "self"));
  for (const [path, { link, flags }] of Object.entries(descriptors)) {
    const [pid, fd] = path.split("/") as [string, string];
    fakeDescriptor(proc, pid, fd, link, flags);
  }
  return proc;
}

describe("opensForReading", () => {
  it.each([
    ["0100000", true],
    ["02", true],
    ["0100001", false],
    ["04001", false],
  ])("flags %s read: %s", (flags, reads) => {
    expect(opensForReading(`pos:\t0\nflags:\t${flags}\n`)).toBe(reads);
  });

  it("an fdinfo without flags is not a reader", () => {
    expect(opensForReading("pos:\t0\n")).toBe(false);
  });
});

describe("findPipeReaders", () => {
  it("lists the other processes' descriptors that read the pipe, not its writers, other files or itself", () => {
    const proc = fakeProc({
      "200/0": { link: PIPE, flags: "0100000" },
      "200/1": { link: "/dev/null", flags: "0100001" },
      "300/4": { link: PIPE, flags: "0100001" },
      "400/3": { link: "pipe:[9]", flags: "0100000" },
      [`${SELF}/0`]: { link: PIPE, flags: "0100000" },
    });
    expect(findPipeReaders(PIPE, { proc, selfPid: SELF })).toEqual([{ pid: "200", fd: "0" }]);
  });
});

describe("watchPipeReaders", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("calls back once when the last reader closes the pipe, and not while one reads it", () => {
    const proc = fakeProc({
      "200/0": { link: PIPE, flags: "0100000" },
      "201/0": { link: PIPE, flags: "0100000" },
    });
    const onGone = vi.fn();
    watchPipeReaders(1, onGone, { proc, selfPid: SELF, intervalMs: 100 });
    rmSync(join(proc, "200"), { recursive: true });
    vi.advanceTimersByTime(500);
    expect(onGone).not.toHaveBeenCalled();
    rmSync(join(proc, "201", "fd", "0"));
    vi.advanceTimersByTime(100);
    expect(onGone).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1000);
    expect(onGone).toHaveBeenCalledOnce();
  });

  it("looks over every process again before it decides: a reader that came later keeps it on", () => {
    const proc = fakeProc({ "200/0": { link: PIPE, flags: "0100000" } });
    const onGone = vi.fn();
    watchPipeReaders(1, onGone, { proc, selfPid: SELF, intervalMs: 100 });
    // A reader forked a child that keeps the pipe, then went.
    fakeDescriptor(proc, "202", "0", PIPE, "0100000");
    rmSync(join(proc, "200"), { recursive: true });
    vi.advanceTimersByTime(500);
    expect(onGone).not.toHaveBeenCalled();
    rmSync(join(proc, "202"), { recursive: true });
    vi.advanceTimersByTime(200);
    expect(onGone).toHaveBeenCalledOnce();
  });

  // A reader that exec'd a setuid program or made itself undumpable is still there and may still
  // read, but its descriptors can no longer be looked into (EACCES): that is not a reader gone.
  it("does not take a reader it can no longer look into for gone; it goes when its process does", () => {
    const proc = fakeProc({ "200/0": { link: PIPE, flags: "0100000" } });
    const onGone = vi.fn();
    watchPipeReaders(1, onGone, { proc, selfPid: SELF, intervalMs: 100 });
    rmSync(join(proc, "200", "fd"), { recursive: true });
    writeFileSync(join(proc, "200", "fd"), "");
    vi.advanceTimersByTime(500);
    expect(onGone).not.toHaveBeenCalled();
    rmSync(join(proc, "200"), { recursive: true });
    vi.advanceTimersByTime(100);
    expect(onGone).toHaveBeenCalledOnce();
  });

  it("watches nothing when it sees no reader at the start, or its descriptor is not a pipe", () => {
    const proc = fakeProc({ "300/4": { link: PIPE, flags: "0100001" } });
    const onGone = vi.fn();
    watchPipeReaders(1, onGone, { proc, selfPid: SELF, intervalMs: 100 });
    watchPipeReaders(7, onGone, { proc, selfPid: SELF, intervalMs: 100 });
    vi.advanceTimersByTime(1000);
    expect(onGone).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops watching when told to", () => {
    const proc = fakeProc({ "200/0": { link: PIPE, flags: "0100000" } });
    const onGone = vi.fn();
    const unwatch = watchPipeReaders(1, onGone, { proc, selfPid: SELF, intervalMs: 100 });
    unwatch();
    rmSync(join(proc, "200"), { recursive: true });
    vi.advanceTimersByTime(1000);
    expect(onGone).not.toHaveBeenCalled();
  });
});

function fakeDescriptor(proc: string, pid: string, fd: string, link: string, flags: string) {
  mkdirSync(join(proc, pid, "fd"), { recursive: true });
  mkdirSync(join(proc, pid, "fdinfo"), { recursive: true });
  symlinkSync(link, join(proc, pid, "fd", fd));
  writeFileSync(join(proc, pid, "fdinfo", fd), `flags:\t${flags}\n`);
}
