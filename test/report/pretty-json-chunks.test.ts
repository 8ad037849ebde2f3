import { describe, expect, it } from "vitest";
import { prettyJsonChunks } from "../../src/report/index.ts";

const stringified = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("prettyJsonChunks", () => {
  it.each([
    ["a number", 42],
    ["a string with line breaks and quotes", 'line one\nline "two"\r\n\ttab é ✓'],
    ["null", null],
    ["an empty object", {}],
    ["an empty array", []],
    [
      "nested containers at every depth",
      { a: [1, [2, [3, [4, [5, { deep: [6, {}] }]]]], []], b: { c: { d: { e: { f: [] } } } } },
    ],
    [
      "members JSON.stringify drops or writes as null",
      { keep: 1, gone: undefined, fn: () => 1, list: [undefined, () => 2, Symbol("s"), 3] },
    ],
    [
      "values with toJSON, and objects that are not plain",
      { when: new Date(0), map: new Map([["k", 1]]), nested: [{ at: new Date(1000) }] },
    ],
    ["integer-like keys, which JSON puts first", { b: 1, 2: "two", a: { 10: 1, 1: 2 } }],
  ])("gives exactly JSON.stringify's text for %s", (_, value) => {
    expect([...prettyJsonChunks(value)].join("")).toBe(stringified(value));
  });

  it("gives a report of thousands of files in chunks of about 64 K characters, never as one string", () => {
    const assets = Array.from({ length: 3000 }, (_, i) => ({
      path: `media/asset-${i}.txt`,
      issues: [{ id: `issue-${i}`, summary: "A claim without substantiation.".repeat(4) }],
    }));
    const report = { reportVersion: 1, files: assets.map((a) => a.path), assets };
    const chunks = [...prettyJsonChunks(report)];
    expect(chunks.join("")).toBe(stringified(report));
    expect(chunks.length).toBeGreaterThan(10);
    // An element is never split, so a chunk is at most 64 K characters and one element more.
    const longest = Math.max(...chunks.map((c) => c.length));
    expect(longest).toBeLessThan(64 * 1024 + 1024);
  });
});
