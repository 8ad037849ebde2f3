import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findLongFiles, findLongFunctions } from "./long-functions.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// The house's plan-then-act rule: a long orchestrator is split into a pure plan and a thin apply.
// All production code; generated code (src/api/generated) is left out, and bench/ may keep its
// long mains.
const FOLDERS = ["src", "relay", "emulator", "scripts"] as const;
const FUNCTION_LIMIT = 80;
const FILE_LIMIT = 400;

describe("function length", () => {
  it(`no function in ${FOLDERS.join(", ")} is longer than ${FUNCTION_LIMIT} lines`, () => {
    expect(findLongFunctions(ROOT, FOLDERS, FUNCTION_LIMIT)).toEqual([]);
  });

  it(`no file in ${FOLDERS.join(", ")} is longer than ${FILE_LIMIT} lines`, () => {
    expect(findLongFiles(ROOT, FOLDERS, FILE_LIMIT)).toEqual([]);
  });

  it("findLongFunctions counts nested functions and names them", () => {
    const found = findLongFunctions(ROOT, ["test/house/fixtures"], 5);
    expect(found.map((f) => [f.name, f.lines])).toEqual([
      ["outer", 11],
      ["inner", 7],
    ]);
  });

  it("findLongFiles counts a file's lines and leaves generated code out", () => {
    expect(findLongFiles(ROOT, ["test/house/fixtures"], 11)).toEqual([
      { file: "test/house/fixtures/long.ts", lines: 12 },
    ]);
    expect(findLongFiles(ROOT, ["test/house/fixtures"], 12)).toEqual([]);
    // src/api/generated holds files of over a thousand lines: generated code is not counted.
    expect(findLongFiles(ROOT, ["src/api"], FILE_LIMIT)).toEqual([]);
  });
});
