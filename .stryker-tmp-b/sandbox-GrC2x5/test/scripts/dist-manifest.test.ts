// @ts-nocheck
import { mkdir, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundledFiles, makeManifest, staleSince } from "../../scripts/dist-manifest.ts";

describe("dist-manifest: the cheap staleness check of dist/", () => {
  let root: string;
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "dist-manifest-"));
    for (const path of [
      "tsconfig.json",
      "scripts/build.ts",
      "scripts/bundles.ts",
      "node_modules/@vercel/ncc/package.json",
    ]) {
      await write(path, "{}");
    }
    await write("src/a.ts", "export const a = 1;");
    await write("node_modules/dep/index.js", "module.exports = 2;");
    await write("dist/index.js", "bundle");
    await write("dist/cli/index.js", "cli bundle");
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("bundledFiles lists the files behind webpack's modules, concatenated ones included, inside the repository", () => {
    const stats = {
      modules: [
        {
          nameForCondition: join(root, "src/a.ts"),
          modules: [{ nameForCondition: join(root, "node_modules/dep/index.js") }],
        },
        { nameForCondition: "/elsewhere/x.js" },
        {},
      ],
    };
    expect(bundledFiles(stats, root).sort()).toEqual(["node_modules/dep/index.js", "src/a.ts"]);
  });

  it.each([
    ["nothing changed", async () => {}, []],
    [
      "a bundled source changed",
      () => write("src/a.ts", "export const a = 2;"),
      ["src/a.ts changed since the build"],
    ],
    [
      "a dependency changed",
      () => write("node_modules/dep/index.js", "x"),
      ["node_modules/dep/index.js changed since the build"],
    ],
    [
      "a build setting changed",
      () => write("tsconfig.json", '{"x":1}'),
      ["tsconfig.json changed since the build"],
    ],
    [
      "a bundle was edited",
      () => write("dist/cli/index.js", "edited"),
      ["dist/cli/index.js was edited after the build"],
    ],
    [
      "a file was added to dist/",
      () => write("dist/extra.js", "x"),
      ["dist/extra.js was not made by the build"],
    ],
    [
      "a bundle is missing",
      () => unlink(join(root, "dist/index.js")),
      ["dist/index.js is missing"],
    ],
    [
      "a source is gone",
      () => unlink(join(root, "src/a.ts")),
      ["src/a.ts is gone since the build"],
    ],
  ])("staleSince: %s", async (_name, change, expected) => {
    const manifest = makeManifest(["src/a.ts", "node_modules/dep/index.js"], root, root);
    await change();
    expect(staleSince(manifest, root)).toEqual(expected);
  });
});
