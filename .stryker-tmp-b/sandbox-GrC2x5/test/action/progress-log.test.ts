// @ts-nocheck
import { describe, expect, it } from "vitest";
import { LARGE_FILE_BYTES, progressLog } from "../../src/action/progress-log.ts";

describe("progressLog", () => {
  it("progressLog logs a line per file and every 25% of a large upload", () => {
    const lines: string[] = [];
    const events = progressLog({
      info: (m) => lines.push(m),
      warning: (m) => lines.push(`warn ${m}`),
    });
    const file = { path: "/w/big.mp4", displayPath: "big.mp4" };
    const total = LARGE_FILE_BYTES * 4;
    events.onUploadStart?.({ file, size: total, index: 0, total: 1 });
    for (let sent = 0; sent <= total; sent += total / 40)
      events.onUploadProgress?.({ file, bytesSent: sent, totalBytes: total });
    events.onUploadDone?.({
      file,
      assetId: "a",
      blobPath: "a/big.mp4",
      filename: "big.mp4",
      size: total,
    });
    expect(lines).toEqual([
      "Uploading 1/1 big.mp4 (40.0 MB)",
      "  big.mp4: 25% of 40.0 MB",
      "  big.mp4: 50% of 40.0 MB",
      "  big.mp4: 75% of 40.0 MB",
      "Uploaded big.mp4",
    ]);
  });

  it("progressLog stays quiet on small uploads and logs state changes of polls only", () => {
    const lines: string[] = [];
    const events = progressLog({ info: (m) => lines.push(m), warning: () => {} });
    const file = { path: "/w/a.png", displayPath: "a.png" };
    events.onUploadProgress?.({ file, bytesSent: 10, totalBytes: 20 });
    const poll = {
      submissionId: "s",
      status: "processing" as const,
      assets: [{ assetId: "a", status: "processing" as const }],
    };
    events.onPoll?.(poll);
    events.onPoll?.(poll);
    events.onPoll?.({
      ...poll,
      status: "complete",
      assets: [{ assetId: "a", status: "complete" }],
    });
    expect(lines).toEqual([
      "Submission processing: 0 of 1 files done.",
      "Submission complete: 1 of 1 files done.",
    ]);
  });
});
