// @ts-nocheck
import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import {
  collectBlobPath,
  collectChoices,
  collectList,
  collectTag,
  intInRange,
  parseCredits,
  parseUuid,
} from "../../src/cli/option-parsers.ts";

describe("option parsers", () => {
  it.each(["123E4567-E89B-12D3-A456-426614174000", " 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e "])(
    "parseUuid accepts %s",
    (value) => {
      expect(parseUuid(value)).toBe(value.trim());
    },
  );

  it.each(["", "abc", "0b6c5a1e2f4d4c8a9e7b3d2f1a0c9b8e", "../../etc"])(
    "parseUuid refuses %j",
    (value) => {
      expect(() => parseUuid(value)).toThrow(InvalidArgumentError);
    },
  );

  it.each([
    ["5", 1, 10, 5],
    ["1", 1, 10, 1],
  ])("intInRange(%s) within [%i, %i]", (value, min, max, expected) => {
    expect(intInRange(min, max)(value)).toBe(expected);
  });

  it.each(["0", "11", "2.5", "x", ""])("intInRange(1, 10) refuses %j", (value) => {
    expect(() => intInRange(1, 10)(value)).toThrow(/Expected a whole number, 1 to 10/);
  });

  it("parseCredits takes fractions and refuses negatives", () => {
    expect(parseCredits("2.5")).toBe(2.5);
    expect(() => parseCredits("-1")).toThrow(/0 or more/);
  });

  it("collectTag reads key=value and plain keys, repeatable", () => {
    expect(collectTag("urgent", collectTag("channel=tv"))).toEqual([
      { key: "channel", value: "tv" },
      { key: "urgent" },
    ]);
    expect(collectTag("note=a=b")).toEqual([{ key: "note", value: "a=b" }]);
    expect(() => collectTag("=x")).toThrow(/key=value/);
    expect(() => collectTag("k=")).toThrow(/key=value/);
  });

  it("collectBlobPath takes {asset-id}/{filename}, repeatable", () => {
    const a = "6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b/spot.mp4";
    const b = " 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e/x__sandbox_pass__.png ";
    expect(collectBlobPath(b, collectBlobPath(a))).toEqual([a, b.trim()]);
  });

  it.each([
    "spot.mp4",
    "nonsense",
    "6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b/",
    "6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b/a/b.mp4",
    "not-a-uuid/spot.mp4",
    "../6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b/spot.mp4",
  ])("collectBlobPath refuses %j, saying what a blob path looks like", (value) => {
    expect(() => collectBlobPath(value)).toThrow(/Expected a blob path \{asset-id\}\/\{filename\}/);
  });

  it("collectList splits commas and repeats", () => {
    expect(collectList("c", collectList("a, b"))).toEqual(["a", "b", "c"]);
  });

  it("collectChoices takes repeated and comma-separated values, each checked, once each", () => {
    const events = collectChoices(["a.completed", "a.failed"] as const);
    expect(events("a.completed,a.failed")).toEqual(["a.completed", "a.failed"]);
    expect(events("a.failed", events("a.completed"))).toEqual(["a.completed", "a.failed"]);
    expect(events("a.completed, a.completed")).toEqual(["a.completed"]);
    expect(() => events("a.completed,a.done")).toThrow(InvalidArgumentError);
    expect(() => events(",")).toThrow(/Allowed: a\.completed, a\.failed/);
  });
});
