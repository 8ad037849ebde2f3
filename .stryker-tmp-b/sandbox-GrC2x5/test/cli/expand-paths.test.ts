// @ts-nocheck
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandPaths } from "../../src/cli/expand-paths.ts";
import { isCliUsageError } from "../../src/cli/index.ts";
import { tempDir } from "./cli-harness.ts";

describe("expandPaths", () => {
  let dir: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    dir = await tempDir();
    for (const name of [
      "media/a.mp4",
      "media/sub/b.txt",
      "media/.hidden/c.txt",
      "media/notes.xyz",
      "top.pdf",
    ]) {
      await mkdir(join(dir.path, name, ".."), { recursive: true });
      await writeFile(join(dir.path, name), "x");
    }
    await symlink(join(dir.path, "top.pdf"), join(dir.path, "link.pdf"));
  });
  afterAll(() => dir.remove());

  const shown = async (inputs: string[]) =>
    (await expandPaths(inputs, dir.path)).map((f) => f.displayPath);

  it.each([
    [
      "a directory gives its supported files, hidden folders skipped",
      ["media"],
      ["media/a.mp4", "media/sub/b.txt"],
    ],
    ["a glob gives its supported matches", ["**/*.txt"], ["media/sub/b.txt"]],
    ["a file is taken as given", ["media/notes.xyz"], ["media/notes.xyz"]],
    [
      "duplicates are dropped and the result sorted",
      ["top.pdf", "media", "media/a.mp4"],
      ["media/a.mp4", "media/sub/b.txt", "top.pdf"],
    ],
    ["a symlink is passed on, for the upload checks to refuse", ["link.pdf"], ["link.pdf"]],
  ])("%s", async (_name, inputs, expected) => {
    expect(await shown(inputs)).toEqual(expected);
  });

  it.each([
    ["files in a directory are found", ["media"], { "media/a.mp4": true, "media/sub/b.txt": true }],
    ["a glob's matches are found", ["**/*.txt"], { "media/sub/b.txt": true }],
    ["a file named on its own is named", ["top.pdf"], { "top.pdf": false }],
    [
      "a file named on its own stays named, whatever else finds it",
      ["media", "media/a.mp4"],
      { "media/a.mp4": false, "media/sub/b.txt": true },
    ],
  ])("expandPaths marks what was found, not named: %s", async (_name, inputs, expected) => {
    const files = await expandPaths(inputs, dir.path);
    expect(Object.fromEntries(files.map((f) => [f.displayPath, f.discovered]))).toEqual(expected);
  });

  it("gives absolute paths to read", async () => {
    const [file] = await expandPaths(["top.pdf"], dir.path);
    expect(file!.path).toBe(join(dir.path, "top.pdf"));
  });

  it.each([
    ["missing.mp4", /missing\.mp4 does not exist/],
    ["**/*.mov", /No reviewable files match \*\*\/\*\.mov/],
  ])("%s is a usage error naming it", async (input, message) => {
    const error = await expandPaths([input], dir.path).catch((e: unknown) => e);
    expect(isCliUsageError(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });
});
