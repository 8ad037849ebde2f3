// @ts-nocheck
import { describe, expect, it } from "vitest";
import { formatFields, formatTable } from "../../src/cli/format-table.ts";

describe("formatTable", () => {
  const columns = [
    { header: "name", value: (r: { name: string; n: number | null }) => r.name },
    { header: "n", value: (r: { name: string; n: number | null }) => r.n, align: "right" as const },
  ];

  it("pads columns to the widest cell, right-aligns numbers, shows null as -", () => {
    const text = formatTable(columns, [
      { name: "alpha", n: 5 },
      { name: "b", n: 120 },
      { name: "c", n: null },
    ]);
    expect(text).toBe("NAME     N\nalpha    5\nb      120\nc        -\n");
  });

  it("gives the empty text for no rows", () => {
    expect(formatTable(columns, [], "(nothing)")).toBe("(nothing)\n");
  });

  it("paints after padding so colour codes do not break alignment", () => {
    const painted = formatTable(
      [
        { header: "s", value: (r: string) => r, paint: (t: string) => `<${t}>` },
        { header: "x", value: () => "1" },
      ],
      ["ab", "abcd"],
    );
    expect(painted).toBe("S     X\n<ab>    1\n<abcd>  1\n");
  });

  it("collapses line breaks inside cells", () => {
    expect(formatTable([{ header: "t", value: (r: string) => r }], ["a\nb"])).toBe("T\na b\n");
  });
});

describe("formatFields", () => {
  it("aligns keys and shows missing values as -", () => {
    expect(
      formatFields([
        ["status", "complete"],
        ["completed at", null],
      ]),
    ).toBe("status:       complete\ncompleted at: -\n");
  });
});
