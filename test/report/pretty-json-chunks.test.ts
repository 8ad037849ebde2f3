import fc from "fast-check";
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
    // biome-ignore lint/suspicious/noSparseArray: holes are what this case is about
    ["arrays with holes, which JSON writes as null", { a: [1, , 3], b: [, [, 2]] }],
    [
      "a toJSON, called with its member's key",
      { k: { toJSON: (key: string) => `key ${key}` }, list: [{ toJSON: (key: string) => key }] },
    ],
    [
      "a toJSON that gives undefined, which drops an object's member",
      { gone: { toJSON: () => undefined }, list: [{ toJSON: () => undefined }], kept: 1 },
    ],
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

/** A member's value that toJSON stands in for: what it gives depends on the key, or is nothing. */
const withToJson = fc.constantFrom("key", "undefined", "object").map((kind) => ({
  toJSON: (key: string) =>
    kind === "key" ? `at ${key}` : kind === "object" ? { at: key, list: [key] } : undefined,
}));

/** Anything a report could hold, and the odd values JSON.stringify has rules for. */
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("leaf"),
    tie("array"),
    tie("sparse"),
    tie("object"),
    tie("getters"),
  ),
  leaf: fc.oneof(
    fc.string({ unit: "binary", maxLength: 8 }),
    fc.constantFrom("\u2028\u2029", "\ud800 lone", "lone \udfff", '"\\\n\t', "✓ é"),
    fc.double(),
    fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY, null, true, undefined),
    fc.constantFrom(() => 1, Symbol("s"), new Date(0), new Map([["k", 1]])),
    withToJson,
  ),
  array: fc.array(tie("value"), { maxLength: 4 }),
  sparse: fc.sparseArray(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ unit: "binary", maxLength: 4 }), tie("value"), {
    maxKeys: 4,
  }),
  getters: fc
    .dictionary(fc.string({ maxLength: 4 }), tie("value"), { maxKeys: 3 })
    .map((members) => {
      const object = Object.create(null) as Record<string, unknown>;
      for (const [key, v] of Object.entries(members)) {
        Object.defineProperty(object, key, { enumerable: true, get: () => v });
      }
      return object;
    }),
}));

describe("prettyJsonChunks (property)", () => {
  it("gives exactly JSON.stringify's text for any value JSON has a text for", () => {
    fc.assert(
      fc.property(
        value.filter((v) => JSON.stringify(v) !== undefined),
        (v) => {
          expect([...prettyJsonChunks(v)].join("")).toBe(stringified(v));
        },
      ),
      { seed: 20_2028, numRuns: 2000 },
    );
  });
});
