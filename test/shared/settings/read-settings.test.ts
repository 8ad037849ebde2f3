import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  applyCrossFieldRules,
  type CrossFieldRule,
  readSettings,
} from "../../../src/shared/settings/read-settings.ts";

const TABLE = {
  PORT: z.string().regex(/^\d+$/, "must be a whole number").transform(Number).default(3000),
  NAME: z.string({ error: "is required: name it" }),
  MODE: z.enum(["a", "b"], { error: "must be a or b" }).optional(),
} as const;

describe("readSettings", () => {
  it("readSettings applies defaults to unset and empty values and parses the rest", () => {
    const env: Record<string, string> = { PORT: "", NAME: "x", MODE: "b" };
    expect(readSettings(TABLE, (name) => env[name])).toEqual({
      values: { PORT: 3000, NAME: "x", MODE: "b" },
      problems: [],
    });
  });

  it("readSettings names every problem at once, in the table's order, with the schema's message", () => {
    const env: Record<string, string> = { PORT: "80x", MODE: "c" };
    const { values, problems } = readSettings(TABLE, (name) => env[name]);
    expect(problems).toEqual([
      { setting: "PORT", message: "must be a whole number" },
      { setting: "NAME", message: "is required: name it" },
      { setting: "MODE", message: "must be a or b" },
    ]);
    expect(values).toEqual({});
  });
});

describe("applyCrossFieldRules", () => {
  type V = { a?: string; b?: string };
  const bNeedsA: CrossFieldRule<V> = (v, refused) =>
    v.b !== undefined && v.a === undefined && !refused.has("a")
      ? [{ setting: "a", message: "is required when b is set" }]
      : [];
  const never: CrossFieldRule<V> = () => [{ setting: "z", message: "always" }];

  it("applyCrossFieldRules lists each rule's problems in order", () => {
    expect(applyCrossFieldRules([bNeedsA, never], { b: "1" }, [])).toEqual([
      { setting: "a", message: "is required when b is set" },
      { setting: "z", message: "always" },
    ]);
    expect(applyCrossFieldRules([bNeedsA], { a: "1", b: "1" }, [])).toEqual([]);
  });

  it("applyCrossFieldRules does not call a setting missing that was refused for its value", () => {
    expect(
      applyCrossFieldRules([bNeedsA], { b: "1" }, [{ setting: "a", message: "is malformed" }]),
    ).toEqual([]);
  });
});
