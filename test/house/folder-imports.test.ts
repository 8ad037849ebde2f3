import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkFolderImports } from "./folder-imports.ts";

const at = (dir: string) => fileURLToPath(new URL(`../../${dir}`, import.meta.url));

// Arrows between folders point one way: a folder can be understood, tested and moved with only
// what is below it. The relay's folders are also entered through their index.ts alone.
describe("folder imports", () => {
  it("relay/: no two folders import each other, no circle crosses folders, every import into a folder goes through its index.ts", () => {
    expect(checkFolderImports(at("relay"))).toEqual({ twoWay: [], circles: [], pastFace: [] });
  });

  it("src/: no two folders import each other and no circle crosses folders", () => {
    const { twoWay, circles } = checkFolderImports(at("src"));
    expect({ twoWay, circles }).toEqual({ twoWay: [], circles: [] });
  });

  it("checkFolderImports finds a two-way import, a circle of three folders (a dynamic import too) and an import past a face", () => {
    expect(checkFolderImports(at("test/house/fixtures/folders"))).toEqual({
      twoWay: ["a/ <-> b/"],
      circles: ["c/ -> d/ -> e/ -> c/"],
      pastFace: ["b/b.ts -> a/a.ts"],
    });
  });
});
