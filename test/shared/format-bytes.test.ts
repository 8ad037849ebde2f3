import { describe, expect, it } from "vitest";
import { progressLog } from "../../src/action/progress-log.ts";
import { formatBytes } from "../../src/api/index.ts";
import { createProgress } from "../../src/cli/create-progress.ts";
import { recordingStream } from "../cli/cli-harness.ts";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1000, "1.0 kB"],
    [16_044, "16.0 kB"],
    [40_000_000, "40.0 MB"],
    [500_000_000, "500.0 MB"],
    [5_000_000_000, "5.0 GB"],
    [2e12, "2.0 TB"],
  ])("formatBytes(%i) is %s: decimal units, as the service's limits", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it("formatBytes: the same WAV reads the same in the CLI's progress and the Action's log", () => {
    const bytes = 16_044;
    const file = { path: "/w/spot.wav", displayPath: "spot.wav" };
    const stderr = recordingStream();
    createProgress(stderr, false).task("upload spot.wav", bytes, "bytes");
    const action: string[] = [];
    progressLog({ info: (m) => action.push(m), warning: () => {} }).onUploadStart?.({
      file,
      size: bytes,
      index: 0,
      total: 1,
    });
    expect(stderr.text()).toContain("(16.0 kB)");
    expect(action).toEqual(["Uploading 1/1 spot.wav (16.0 kB)"]);
  });
});
