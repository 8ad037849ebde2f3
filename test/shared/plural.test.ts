import { describe, expect, it } from "vitest";
import { plural } from "../../src/policy/index.ts";

describe("plural", () => {
  it.each([
    [0, "0 files"],
    [1, "1 file"],
    [2, "2 files"],
  ])("plural(%i, file) is %s", (count, text) => {
    expect(plural(count, "file")).toBe(text);
  });

  it("plural takes an irregular plural", () => {
    expect(plural(1, "sidekick reply", "sidekick replies")).toBe("1 sidekick reply");
    expect(plural(3, "sidekick reply", "sidekick replies")).toBe("3 sidekick replies");
  });
});
