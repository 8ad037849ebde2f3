import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findLongFunctions } from "./long-functions.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// The house's plan-then-act rule: a long orchestrator is split into a pure plan and a thin apply.
const FOLDERS = ["src/action", "src/pipeline", "relay"] as const;
const LIMIT = 80;

describe("function length", () => {
  it(`no function in ${FOLDERS.join(", ")} is longer than ${LIMIT} lines`, () => {
    expect(findLongFunctions(ROOT, FOLDERS, LIMIT)).toEqual([]);
  });

  it("findLongFunctions counts nested functions and names them", () => {
    const found = findLongFunctions(ROOT, ["test/house/fixtures"], 5);
    expect(found.map((f) => [f.name, f.lines])).toEqual([
      ["outer", 11],
      ["inner", 7],
    ]);
  });
});
