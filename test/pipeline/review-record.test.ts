import { describe, expect, it } from "vitest";
import {
  nextReviewRecord,
  parseReviewRecord,
  recordedReview,
  usableEntries,
} from "../../src/pipeline/index.ts";
import { assetWith } from "../report/outcome-fixture.ts";
import { entryOf, recordOf, uuid } from "./review-record-fixture.ts";

const OPTIONS = {
  identity: "git-blob" as const,
  sidekickIds: ["brand"],
  reviewedIn: "e".repeat(40),
};

function fileAt(path: string, contentId: string | undefined) {
  return { path: `/ws/${path}`, displayPath: path, contentId };
}

describe("usableEntries and recordedReview", () => {
  it("usableEntries keeps a record of the same identity and sidekicks, in any order", () => {
    const record = recordOf([entryOf("a.png", "a", 1)], { sidekickIds: ["legal", "brand"] });
    expect(
      usableEntries(record, { identity: "git-blob", sidekickIds: ["brand", "legal", "brand"] }),
    ).toEqual({ entries: record.entries, notice: null });
    expect(usableEntries(null, { identity: "git-blob", sidekickIds: ["brand"] })).toEqual({
      entries: [],
      notice: null,
    });
  });

  it.each([
    [
      "other sidekicks",
      { identity: "git-blob" as const, sidekickIds: ["brand", "legal"] },
      /sidekicks brand, this run with brand, legal/,
    ],
    [
      "another identity",
      { identity: "sha256" as const, sidekickIds: ["brand"] },
      /by git-blob, not sha256/,
    ],
  ])("usableEntries drops a record of %s, and says why", (_what, options, notice) => {
    const result = usableEntries(recordOf([entryOf("a.png", "a", 1)]), options);
    expect(result.entries).toEqual([]);
    expect(result.notice).toMatch(notice);
  });

  it("recordedReview matches a file by path and content id, both", () => {
    const entries = [entryOf("media/a.png", "a", 1), entryOf("media/b.png", "b", 2)];
    expect(recordedReview(entries, fileAt("media/a.png", "a".repeat(40)))).toBe(entries[0]);
    expect(recordedReview(entries, fileAt("media/a.png", "b".repeat(40)))).toBeUndefined();
    expect(recordedReview(entries, fileAt("other/a.png", "a".repeat(40)))).toBeUndefined();
    expect(recordedReview(entries, fileAt("media/a.png", undefined))).toBeUndefined();
  });
});

describe("nextReviewRecord", () => {
  it("nextReviewRecord adds fresh complete reviews, keeps reused and earlier entries, and drops failures", () => {
    const carried = [
      entryOf("a.png", "a", 1, { reviewedIn: "1".repeat(40) }),
      entryOf("b.png", "b", 2),
      entryOf("gone.png", "9", 3),
    ];
    const reusedA = assetWith("a.png", [], {
      file: fileAt("a.png", "a".repeat(40)),
      assetId: uuid(1),
      reused: { submissionId: uuid(1001), reviewedIn: "1".repeat(40), credits: 1 },
    });
    const freshB = assetWith("b.png", [], {
      file: fileAt("b.png", "f".repeat(40)),
      assetId: uuid(20),
      blobPath: `${uuid(20)}/b.png`,
    });
    const failedC = assetWith("c.png", [], {
      file: fileAt("c.png", "c".repeat(40)),
      status: "failed",
    });
    const unreadD = assetWith("d.png", [], {
      file: fileAt("d.png", "d".repeat(40)),
      resultsError: "Results of d.png could not be read",
    });
    const record = nextReviewRecord(
      carried,
      {
        assets: [reusedA, freshB, failedC, unreadD],
        submissionId: uuid(2000),
        estimate: {
          totalCredits: 4,
          files: [
            { file: freshB.file, blobPath: `${uuid(20)}/b.png`, credits: 4, priceable: true },
          ],
        },
      },
      OPTIONS,
    );
    expect(record).toEqual({
      version: 1,
      identity: "git-blob",
      sidekickIds: ["brand"],
      entries: [
        carried[0],
        {
          path: "b.png",
          contentId: "f".repeat(40),
          submissionId: uuid(2000),
          assetId: uuid(20),
          reviewedIn: "e".repeat(40),
          credits: 4,
        },
        carried[2],
      ],
    });
    // Whatever the run saw, the record parses as a record: ids only.
    expect(parseReviewRecord(JSON.parse(JSON.stringify(record)), "test")).toEqual(record);
  });

  it("nextReviewRecord signs the time of this run's reviews into fresh entries, and keeps a reused review's own time", () => {
    const at = "2026-11-27T12:00:00.000Z";
    const earlier = "2026-11-20T08:00:00.000Z";
    const reused = (file: string, reviewedAt?: string) =>
      assetWith(file, [], {
        file: fileAt(file, "a".repeat(40)),
        assetId: uuid(1),
        reused: {
          submissionId: uuid(1001),
          reviewedIn: "1".repeat(40),
          credits: 1,
          ...(reviewedAt === undefined ? {} : { reviewedAt }),
        },
      });
    const fresh = assetWith("b.png", [], {
      file: fileAt("b.png", "b".repeat(40)),
      assetId: uuid(2),
    });
    const run = (assets: ReturnType<typeof assetWith>[]) => ({
      assets,
      submissionId: uuid(2000),
      estimate: null,
    });
    const record = nextReviewRecord([], run([reused("a.png", earlier), reused("c.png"), fresh]), {
      ...OPTIONS,
      reviewedAt: at,
    });
    expect(record.entries.map((e) => [e.path, e.reviewedAt])).toEqual([
      ["a.png", earlier],
      ["b.png", at],
      ["c.png", undefined],
    ]);
    expect(record.entries.map((e) => "reviewedAt" in e)).toEqual([true, true, false]);
    expect(parseReviewRecord(JSON.parse(JSON.stringify(record)), "test")).toEqual(record);
    // Without a time (the CLI's state file names its run by date-time already), none is written.
    expect("reviewedAt" in nextReviewRecord([], run([fresh]), OPTIONS).entries[0]!).toBe(false);
  });

  it("parseReviewRecord reads entries with and without a review time, and refuses one that is not an ISO date-time", () => {
    const timed = recordOf([entryOf("a.png", "a", 1, { reviewedAt: "2026-11-27T12:00:00.000Z" })]);
    expect(parseReviewRecord(timed, "test")).toEqual(timed);
    expect(
      parseReviewRecord(recordOf([entryOf("a.png", "a", 1)]), "test").entries[0],
    ).not.toHaveProperty("reviewedAt");
    expect(() =>
      parseReviewRecord(recordOf([entryOf("a.png", "a", 1, { reviewedAt: "27/11/2026" })]), "test"),
    ).toThrow(/at entries\.0\.reviewedAt/);
  });

  it("nextReviewRecord carries the earlier record on unchanged when the run reviewed nothing", () => {
    const carried = [entryOf("a.png", "a", 1)];
    expect(
      nextReviewRecord(carried, { assets: [], submissionId: null, estimate: null }, OPTIONS)
        .entries,
    ).toEqual(carried);
  });
});

describe("parseReviewRecord", () => {
  it("parseReviewRecord names the source and the first problem", () => {
    expect(() =>
      parseReviewRecord(recordOf([entryOf("a.png", "a", 1, { credits: -1 })]), "state.json"),
    ).toThrow(/^The review record in state\.json is not valid at entries\.0\.credits: /);
    expect(() => parseReviewRecord("nope", "state.json")).toThrow(
      expect.objectContaining({ name: "ReviewRecordError", source: "state.json" }),
    );
  });
});
