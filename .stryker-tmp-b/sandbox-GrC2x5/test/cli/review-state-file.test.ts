// @ts-nocheck
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readReviewState, writeReviewState } from "../../src/cli/review-state-file.ts";
import type { ReviewRecord } from "../../src/pipeline/index.ts";
import { entryOf } from "../pipeline/review-record-fixture.ts";
import { tempDir } from "./cli-harness.ts";

let dir: { path: string; remove: () => Promise<void> };

function stateOf(paths: string[]): ReviewRecord {
  return {
    version: 1,
    identity: "sha256",
    sidekickIds: ["brand"],
    entries: paths.map((p, i) => entryOf(p, "0", i, { contentId: String(i).repeat(64) })),
  };
}

beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await dir.remove();
});

describe("readReviewState and writeReviewState", () => {
  it("writeReviewState stores paths relative to the state file, and readReviewState gives them back relative to the working directory", async () => {
    const cwd = join(dir.path, "project", "media");
    const file = join(dir.path, "project", "state", "review.json");
    await writeReviewState(file, cwd, stateOf(["a.png", "deep/b.png"]));
    const stored = JSON.parse(await readFile(file, "utf8"));
    expect(stored.entries.map((e: { path: string }) => e.path)).toEqual([
      "../media/a.png",
      "../media/deep/b.png",
    ]);
    expect(await readReviewState(file, "review.json", cwd)).toEqual(
      stateOf(["a.png", "deep/b.png"]),
    );
    expect(await readReviewState(file, "review.json", join(dir.path, "project"))).toEqual(
      stateOf(["media/a.png", "media/deep/b.png"]),
    );
  });

  it("readReviewState gives null when there is no state file yet", async () => {
    expect(await readReviewState(join(dir.path, "none.json"), "none.json", dir.path)).toBeNull();
  });

  it("readReviewState refuses a folder with a ReviewRecordError that names it", async () => {
    await mkdir(join(dir.path, "folder.json"));
    await expect(
      readReviewState(join(dir.path, "folder.json"), "folder.json", dir.path),
    ).rejects.toMatchObject({
      name: "ReviewRecordError",
      message: "Cannot read the state file folder.json (EISDIR).",
    });
  });

  it("writeReviewState replaces the old file whole and leaves no temporary file", async () => {
    const folder = join(dir.path, "replace");
    const file = join(folder, "state.json");
    await writeReviewState(file, folder, stateOf(["a.png", "b.png", "c.png"]));
    await writeReviewState(file, folder, stateOf(["z.png"]));
    expect(await readReviewState(file, "state.json", folder)).toEqual(stateOf(["z.png"]));
    expect(await readdir(folder)).toEqual(["state.json"]);
  });

  it("writeReviewState that fails leaves what was there and no temporary file", async () => {
    const folder = join(dir.path, "fails");
    // A non-empty folder where the file should be: the final rename cannot replace it.
    await mkdir(join(folder, "state.json"), { recursive: true });
    await writeFile(join(folder, "state.json", "keep.txt"), "kept");
    await expect(
      writeReviewState(join(folder, "state.json"), folder, stateOf(["a.png"])),
    ).rejects.toThrow();
    expect(await readdir(folder)).toEqual(["state.json"]);
    expect(await readFile(join(folder, "state.json", "keep.txt"), "utf8")).toBe("kept");
  });
});
