// @ts-nocheck
import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { selectFiles } from "../../src/action/select-files.ts";

let ws: string;

beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), "select-"));
  const outside = await mkdtemp(join(tmpdir(), "outside-"));
  await writeFile(join(outside, "secret.txt"), "s");
  for (const p of ["media/a.png", "media/raw/b.png", "docs/c.md", "media/d.PNG"]) {
    await mkdir(join(ws, p, ".."), { recursive: true });
    await writeFile(join(ws, p), "x");
  }
  await symlink(outside, join(ws, "media/linked"));
});

describe("selectFiles", () => {
  it("selectFiles applies patterns with ! excludes to every file on dispatch", async () => {
    const { files } = await selectFiles({
      workspace: ws,
      patterns: ["**/*.png", "**/*.PNG", "!media/raw/**"],
      changed: null,
    });
    expect(files.map((f) => f.displayPath)).toEqual(["media/a.png", "media/d.PNG"]);
    expect(files[0]!.path).toBe(join(ws, "media/a.png"));
  });

  it("selectFiles keeps only changed files that match", async () => {
    const { files } = await selectFiles({
      workspace: ws,
      patterns: ["media/**"],
      changed: ["media/a.png", "docs/c.md", "missing.png"],
    });
    expect(files.map((f) => f.displayPath)).toEqual(["media/a.png"]);
  });

  it("selectFiles never reads through a linked directory", async () => {
    const { files } = await selectFiles({
      workspace: ws,
      patterns: ["**/*.txt"],
      changed: ["media/linked/secret.txt"],
    });
    expect(files).toEqual([]);
  });
});
