// @ts-nocheck
import { describe, expect, it } from "vitest";
import { createProgress } from "../../src/cli/create-progress.ts";
import { colorEnabled, createStyle } from "../../src/cli/create-style.ts";
import { recordingStream } from "./cli-harness.ts";

describe("createProgress", () => {
  it("without a terminal writes plain lines: start, each quarter, done", () => {
    const stream = recordingStream(false);
    const progress = createProgress(stream, false);
    const task = progress.task("upload a.mp4", 1000, "bytes");
    for (const sent of [100, 260, 300, 510, 800, 1000]) task.update(sent);
    task.finish();
    expect(stream.text()).toBe(
      [
        "upload a.mp4: started (1.0 kB)",
        "upload a.mp4: 25% (260 B of 1.0 kB)",
        "upload a.mp4: 50% (510 B of 1.0 kB)",
        "upload a.mp4: 75% (800 B of 1.0 kB)",
        "upload a.mp4: done",
        "",
      ].join("\n"),
    );
    expect(stream.text()).not.toContain("\u001b[");
  });

  it("without a terminal reports a wait only when it changes", () => {
    const stream = recordingStream(false);
    const task = createProgress(stream, false).task("submission s", 2, "assets");
    task.update(0, "queued");
    task.update(0, "queued");
    task.update(1, "processing");
    task.finish("complete");
    expect(stream.text()).toBe(
      "submission s: 0/2 assets finished\nsubmission s: 0/2 assets finished (queued)\nsubmission s: 1/2 assets finished (processing)\nsubmission s: done (complete)\n",
    );
  });

  it("on a terminal draws a bar with cursor control", () => {
    const stream = recordingStream(true, 100);
    const progress = createProgress(stream, true);
    const task = progress.task("upload a.mp4", 1000, "bytes");
    task.update(500);
    task.finish();
    progress.stop();
    const text = stream.text();
    expect(text).toMatch(/upload a\.mp4 \[[█░]+\] 100% \| 1\.0 kB\/1\.0 kB done/);
    expect(text).toContain("\u001b[");
  });
});

describe("colour", () => {
  it.each([
    ["a terminal", true, {}, true, true],
    ["not a terminal", false, {}, true, false],
    ["NO_COLOR set", true, { NO_COLOR: "1" }, true, false],
    ["NO_COLOR empty (ignored, per no-color.org)", true, { NO_COLOR: "" }, true, true],
    ["--no-color", true, {}, false, false],
  ])("%s", (_name, isTTY, env, flag, expected) => {
    const enabled = colorEnabled(recordingStream(isTTY), env, flag);
    expect(enabled).toBe(expected);
    const painted = createStyle(enabled).tone("critical");
    expect(painted === "critical").toBe(!expected);
  });
});
