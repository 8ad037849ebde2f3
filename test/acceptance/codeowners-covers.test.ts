import { describe, expect, it } from "vitest";
import { codeownersCovers, codeownersWarning } from "../../src/acceptance/index.ts";

const PATH = ".content-review/accepted.yml";

describe("codeownersCovers", () => {
  it.each([
    ["/.content-review/accepted.yml @acme/legal", true],
    ["/.content-review/ @acme/legal", true],
    [".content-review/* @acme/legal", true],
    ["*.yml @acme/platform", true],
    ["* @acme/everyone", true],
    ["/docs/ @acme/docs", false],
    ["*.md @acme/docs", false],
    // A later rule without owners leaves the path unowned, as GitHub reads it.
    ["* @acme/everyone\n/.content-review/accepted.yml", false],
    ["# /.content-review/accepted.yml @acme/legal", false],
    ["", false],
  ])("codeownersCovers reads %j as covering the accepted file: %s", (codeowners, covered) => {
    expect(codeownersCovers(codeowners, PATH)).toBe(covered);
  });
});

describe("codeownersWarning", () => {
  it("codeownersWarning warns without a CODEOWNERS file or rule, and says nothing once one covers the file", () => {
    expect(codeownersWarning(PATH, undefined)).toMatch(/There is no CODEOWNERS file/);
    expect(codeownersWarning(PATH, "*.md @docs\n")).toMatch(/No CODEOWNERS rule covers it/);
    expect(codeownersWarning(PATH, "/.content-review/ @acme/legal\n")).toBeUndefined();
  });
});
