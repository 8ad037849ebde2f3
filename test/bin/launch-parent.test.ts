import { describe, expect, it } from "vitest";
import { launchParentPid, recordLaunchParentPid } from "../../bin/launch-parent.js";
import {
  launchParentPid as libraryLaunchParentPid,
  recordLaunchParentPid as libraryRecordLaunchParentPid,
  stopWhenParentExits,
} from "../../src/shared/index.ts";

// This file runs in its own worker: the record is process-wide, as it is in a bin.
describe("recordLaunchParentPid", () => {
  it("recordLaunchParentPid keeps the first parent it records, and the watch compares with it", async () => {
    expect(launchParentPid()).toBeUndefined();
    expect(recordLaunchParentPid(4242)).toBe(4242);
    // A later entry (the bundle's own copy, src/cli/bin.ts) does not overwrite the bin's record.
    expect(recordLaunchParentPid(1)).toBe(4242);
    expect(launchParentPid()).toBe(4242);
    // The library's copy (src/shared/launch-parent.ts) shares the bin's slot, both ways.
    expect(libraryLaunchParentPid()).toBe(4242);
    expect(libraryRecordLaunchParentPid(7)).toBe(4242);

    // The watch's default launch parent is the record: the real parent (this worker's) differs.
    let called = false;
    const unwatch = stopWhenParentExits(() => {
      called = true;
    });
    await Promise.resolve();
    unwatch();
    expect(called).toBe(true);
  });
});
