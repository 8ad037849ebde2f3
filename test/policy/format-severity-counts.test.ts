import { describe, expect, it } from "vitest";
import { addSeverityCounts, formatSeverityCounts } from "../../src/policy/index.ts";

describe("formatSeverityCounts", () => {
  it("formatSeverityCounts lists the counts most severe first and leaves zeros out", () => {
    expect(formatSeverityCounts({ other: 4, minor: 2, critical: 1, major: 0, info: 3 })).toBe(
      "1 critical, 2 minor, 3 info, 4 other",
    );
  });

  it.each([[{}], [{ critical: 0, major: 0, minor: 0, info: 0, other: 0 }]])(
    "formatSeverityCounts says no issues for %j",
    (counts) => {
      expect(formatSeverityCounts(counts)).toBe("no issues");
    },
  );

  it("formatSeverityCounts shows a single severity alone", () => {
    expect(formatSeverityCounts({ major: 1 })).toBe("1 major");
  });
});

describe("addSeverityCounts", () => {
  it("addSeverityCounts adds field by field, a missing field counting as zero", () => {
    expect(
      addSeverityCounts(
        { critical: 1, major: 2, minor: 3, info: 4, other: 5 },
        { critical: 10, major: 20, minor: 30, info: 40, other: 50 },
      ),
    ).toEqual({ critical: 11, major: 22, minor: 33, info: 44, other: 55 });
    expect(addSeverityCounts({ major: 1 }, { info: 2 })).toEqual({
      critical: 0,
      major: 1,
      minor: 0,
      info: 2,
      other: 0,
    });
  });
});
