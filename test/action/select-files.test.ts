import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILE_PATTERNS } from "../../src/action/resolve-action-inputs.ts";
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
  it("selectFiles with the default patterns takes a supported extension in any case", async () => {
    await mkdir(join(ws, "mixed"), { recursive: true });
    for (const name of ["ad.Txt", "ad.Mp4", "ad.jPeG", "ad.bin"])
      await writeFile(join(ws, "mixed", name), "x");
    const { files } = await selectFiles({
      workspace: ws,
      patterns: DEFAULT_FILE_PATTERNS,
      changed: ["mixed/ad.Txt", "mixed/ad.Mp4", "mixed/ad.jPeG", "mixed/ad.bin"],
    });
    expect(files.map((f) => f.displayPath)).toEqual([
      "mixed/ad.Txt",
      "mixed/ad.Mp4",
      "mixed/ad.jPeG",
    ]);
  });

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

describe("selectFiles reads only what it needs", () => {
  let only: string;
  beforeAll(async () => {
    only = await mkdtemp(join(tmpdir(), "select-only-"));
    await mkdir(join(only, "media"));
    await writeFile(join(only, "media/a.png"), "x");
    // A folder no walk can read: its files' paths are longer than the system allows
    // (ENAMETOOLONG), as a vanishing cache folder gives ENOENT. Only a walk of the whole
    // workspace meets it.
    execFileSync("bash", [
      "-c",
      'cd "$1" && mkdir deep && cd deep && for i in $(seq 25); do mkdir "$2" && cd "$2" || exit 1; done && touch x.png',
      "_",
      only,
      "d".repeat(200),
    ]);
  });
  afterAll(() => {
    // GNU rm walks the folder relatively; Node's rm meets the same ENAMETOOLONG.
    execFileSync("rm", ["-rf", only]);
  });

  it("selectFiles with the changed paths known reads those paths, not the workspace", async () => {
    const { files } = await selectFiles({
      workspace: only,
      patterns: ["**/*.png"],
      changed: ["media/a.png", "missing.png"],
    });
    expect(files.map((f) => f.displayPath)).toEqual(["media/a.png"]);
  });

  it("selectFiles never walks node_modules or .git, but a changed file there goes through the patterns", async () => {
    const workspace = await mkdtemp(join(tmpdir(), "select-never-"));
    for (const p of [
      "media/a.png",
      "node_modules/pkg/b.png",
      ".git/c.png",
      "sub/node_modules/d.png",
    ]) {
      await mkdir(join(workspace, p, ".."), { recursive: true });
      await writeFile(join(workspace, p), "x");
    }
    const all = await selectFiles({ workspace, patterns: ["**/*.png"], changed: null });
    expect(all.files.map((f) => f.displayPath)).toEqual(["media/a.png"]);
    // A pull request can change a file under any folder named node_modules: it is reviewed
    // like any other (git never lists a path inside .git as changed).
    const changed = await selectFiles({
      workspace,
      patterns: ["**/*.png", "!node_modules/**"],
      changed: ["media/a.png", "node_modules/pkg/b.png", "sub/node_modules/d.png"],
    });
    expect(changed.files.map((f) => f.displayPath)).toEqual([
      "media/a.png",
      "sub/node_modules/d.png",
    ]);
    await rm(workspace, { recursive: true, force: true });
  });
});
