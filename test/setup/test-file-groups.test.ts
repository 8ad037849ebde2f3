import { describe, expect, it } from "vitest";
import { testFileGroup } from "./test-file-groups.ts";

describe("testFileGroup", () => {
  it.each([
    'vi.mock("../x.ts");',
    "process.exitCode = 1;",
    'process.env.CONTENT_REVIEW_API_KEY = "k";',
    'delete process.env["X"];',
    "Object.assign(process.env, { X: '1' });",
    'process.on("exit", stop);',
    'process.addListener("warning", note);',
    "process.chdir(dir);",
    "globalThis.fetch = fake;",
    "Date.now = () => 0;",
    "console.log = () => {};",
  ])("%s: a worker of its own", (source) => {
    expect(testFileGroup(source)).toBe("own-worker");
  });

  it.each(['import nock from "nock";', 'import { API } from "../github-nock.ts";'])(
    "%s: with the nock files",
    (source) => {
      expect(testFileGroup(source)).toBe("nock");
    },
  );

  it.each([
    "vi.useFakeTimers();",
    'vi.spyOn(Math, "random");',
    'vi.stubEnv("X", "1");',
    'vi.stubGlobal("fetch", fake);',
    "vi.setSystemTime(0);",
    "expect(process.exitCode === 0).toBe(true);",
    "const when = Date.now();",
  ])("%s: shares workers (undone after each file, or changes nothing)", (source) => {
    expect(testFileGroup(source)).toBe("shared");
  });
});
