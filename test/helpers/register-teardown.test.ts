import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerFileTeardown, registerTeardown, runFileTeardowns } from "./register-teardown.ts";

describe("registerTeardown", () => {
  const ran: string[] = [];
  beforeAll(() => {
    registerTeardown(() => ran.push("file"));
  });
  afterAll(() => {
    // Not yet: what beforeAll registered belongs to the file, not to this describe.
    expect(ran).toEqual(["second", "first"]);
  });

  it("registerTeardown in a test: runs when that test ends, newest first", () => {
    registerTeardown(() => ran.push("first"));
    registerTeardown(() => ran.push("second"));
    expect(ran).toEqual([]);
  });

  it("registerTeardown in beforeAll: waits for the file's end, after every test", () => {
    expect(ran).toEqual(["second", "first"]);
  });
});

describe("runFileTeardowns", () => {
  it("runFileTeardowns runs every teardown, newest first, and throws the first failure", async () => {
    const ran: string[] = [];
    for (const i of [0, 1, 2]) {
      registerFileTeardown(() => {
        ran.push(`t${i}`);
        if (i > 0) throw new Error(`failure ${i}`);
      });
    }
    const drained = runFileTeardowns();
    await expect(drained).rejects.toThrow("failure 2");
    // The beforeAll teardown above, registered first, ran last (into its own list).
    expect(ran).toEqual(["t2", "t1", "t0"]);
    await expect(runFileTeardowns()).resolves.toBeUndefined();
  });
});
