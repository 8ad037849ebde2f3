import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChannelPacer } from "../../../relay/destinations/channel-pacer.ts";

describe("createChannelPacer", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("spaces writes to one channel by the interval and leaves other channels alone", async () => {
    const pacer = createChannelPacer(1000);
    const done: string[] = [];
    const track = (channel: string, label: string) =>
      pacer.wait(channel).then(() => done.push(label));
    void track("C1", "first");
    void track("C1", "second");
    void track("C2", "other");
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual(["first", "other"]);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toEqual(["first", "other"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(["first", "other", "second"]);
  });

  it("holds a channel back for a 429's Retry-After", async () => {
    const pacer = createChannelPacer(0);
    pacer.pause("C1", 5000);
    let released = false;
    void pacer.wait("C1").then(() => {
      released = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toBe(true);
  });
});
