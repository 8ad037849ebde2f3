import { describe, expect, it } from "vitest";
import { mergeRecords } from "../../../src/action/incremental/merge-records.ts";
import type { ReviewRecord } from "../../../src/pipeline/index.ts";
import { entryOf, recordOf } from "../../pipeline/review-record-fixture.ts";

const from = (n: number) => ({ sha: String(n).repeat(40), checkRunId: n, label: "x" });
const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, "0")}:00.000Z`;
const merge = (...records: ReviewRecord[]) =>
  mergeRecords(
    records.map((record, i) => ({ record, from: from(i + 1) })),
    ["brand"],
  );
const shown = (record: ReviewRecord | null) =>
  record?.entries.map((e) => [e.path, e.contentId[0], e.assetId.slice(-1)]);

describe("mergeRecords", () => {
  it("mergeRecords keeps the union of the records' entries, each file version once, and only records of this run's sidekicks", () => {
    const head = recordOf([entryOf("a.png", "1", 1), entryOf("b.png", "2", 2)]);
    const pr = recordOf([entryOf("a.png", "1", 3), entryOf("a.png", "4", 4)]);
    const otherSidekicks = recordOf([entryOf("c.png", "5", 5)], { sidekickIds: ["legal"] });
    expect(shown(merge(head, otherSidekicks, pr))).toEqual([
      ["a.png", "1", "1"],
      ["b.png", "2", "2"],
      ["a.png", "4", "4"],
    ]);
    // None of this run's sidekicks: the first record, for the pipeline to say why.
    expect(merge(otherSidekicks)).toBe(otherSidekicks);
    expect(merge()).toBeNull();
  });

  it("mergeRecords never lets a record hide another: a smaller record read first adds its entries and removes none", () => {
    const own = recordOf([entryOf("a.png", "1", 1), entryOf("b.png", "2", 2)]);
    const replayed = recordOf([entryOf("a.png", "1", 3, { reviewedAt: at(59) })]);
    const merged = merge(replayed, own);
    expect(shown(merged)).toEqual([
      ["a.png", "1", "3"],
      ["b.png", "2", "2"],
    ]);
  });

  it.each([
    ["the later record's review is newer", [at(1), at(2)], "2"],
    ["the earlier record's review is newer", [at(2), at(1)], "1"],
    ["only the later record's review has a time", [undefined, at(1)], "2"],
    ["only the earlier record's review has a time", [at(1), undefined], "1"],
    ["neither review has a time (the first is kept)", [undefined, undefined], "1"],
  ])(
    "mergeRecords keeps the newest review of a file version by its signed time when %s",
    (_what, times, kept) => {
      const [first, second] = times.map((t, i) =>
        recordOf([entryOf("a.png", "1", i + 1, t === undefined ? {} : { reviewedAt: t })]),
      );
      expect(shown(merge(first!, second!))).toEqual([["a.png", "1", kept]]);
    },
  );

  it("mergeRecords puts the newest review of a path first, so that the next record carries it", () => {
    const older = recordOf([entryOf("a.png", "1", 1, { reviewedAt: at(1) })]);
    const newer = recordOf([entryOf("a.png", "2", 2, { reviewedAt: at(5) })]);
    expect(shown(merge(older, newer))).toEqual([
      ["a.png", "2", "2"],
      ["a.png", "1", "1"],
    ]);
  });
});
