import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { ContentReviewClient } from "../../src/api/index.ts";
import {
  fileContentId,
  type ReviewFile,
  type ReviewRecord,
  runReviewPipeline,
} from "../../src/pipeline/index.ts";
import { reuseReviews } from "../../src/pipeline/reuse-reviews.ts";

let emu: EmulatorHandle;
let dir: string;
const FAST_POLL = { initialIntervalMs: 20, maxIntervalMs: 50 };
const WHEN = "2026-01-02T03:04:05Z";

async function file(name: string, text: string): Promise<ReviewFile> {
  const path = join(dir, name);
  await writeFile(path, text);
  return { path, displayPath: `media/${name}`, contentId: await fileContentId(path, "sha256") };
}

/** Runs the pipeline incrementally from `previous`; `requests` collects the operations sent. */
function review(
  files: ReviewFile[],
  previous: ReviewRecord | null,
  options: { requests?: string[]; sidekickIds?: string[]; maxCredits?: number } = {},
) {
  const rejected: string[] = [];
  const ignored: string[] = [];
  const client = new ContentReviewClient({
    apiKey: emu.liveKey,
    baseUrl: emu.baseUrl,
    onRequest: (e) => options.requests?.push(e.operation),
  });
  return runReviewPipeline({
    client,
    files,
    sidekickIds: options.sidekickIds ?? ["brand"],
    maxCredits: options.maxCredits,
    poll: FAST_POLL,
    retryFailed: 0,
    incremental: { previous, identity: "sha256", reviewedIn: WHEN },
    events: {
      onReuseRejected: (e) => rejected.push(e.message),
      onRecordIgnored: (e) => ignored.push(e.message),
    },
  }).then((outcome) => ({ outcome, rejected, ignored }));
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, processingSeconds: 0 });
  dir = await mkdtemp(join(tmpdir(), "reuse-"));
});

afterAll(async () => {
  await emu?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("runReviewPipeline, incremental", () => {
  it("runReviewPipeline reuses complete recorded reviews with two requests a file, and submits nothing", async () => {
    const files = [
      await file("claims.txt", "Clinically proven and guaranteed."),
      await file("calm.txt", "A calm sentence."),
    ];
    const { outcome: first } = await review(files, null);
    expect(first.record?.entries.map((e) => [e.path, e.reviewedIn])).toEqual([
      ["media/calm.txt", WHEN],
      ["media/claims.txt", WHEN],
    ]);
    // Each fresh review carries the time it was done, which the reuse keeps (see mergeRecords).
    for (const e of first.record?.entries ?? [])
      expect(e.reviewedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const requests: string[] = [];
    const { outcome } = await review(files, first.record, { requests });
    expect(requests.sort()).toEqual(["getAsset", "getAsset", "listAssetTopics", "listAssetTopics"]);
    expect(outcome).toMatchObject({
      status: "completed",
      conclusion: first.conclusion,
      counts: first.counts,
      submissionId: null,
      estimate: null,
    });
    expect(outcome.assets.map((a) => [a.file.displayPath, a.reused?.reviewedIn])).toEqual([
      ["media/claims.txt", WHEN],
      ["media/calm.txt", WHEN],
    ]);
    expect(outcome.reason).toMatch(/^Review failed: 1 issue at or above critical\.$/);
    // Nothing new was reviewed: the record is the same.
    expect(outcome.record).toEqual(first.record);
  });

  it("runReviewPipeline never reuses a failed review: the file is reviewed again", async () => {
    const failing = await file("broken__emulator_error__.txt", "x");
    const { outcome: first } = await review([failing], null);
    expect(first.assets[0]?.status).toBe("failed");
    // A failed review never enters the record; one forged into it is still refused.
    expect(first.record?.entries).toEqual([]);
    const forged: ReviewRecord = {
      ...first.record!,
      entries: [
        {
          path: failing.displayPath,
          contentId: failing.contentId!,
          submissionId: first.submissionId!,
          assetId: first.assets[0]!.assetId,
          reviewedIn: WHEN,
          credits: 1,
        },
      ],
    };
    const requests: string[] = [];
    const { rejected } = await review([failing], forged, { requests });
    expect(rejected).toEqual([
      `media/broken__emulator_error__.txt: its recorded review (asset ${first.assets[0]!.assetId}) is failed, and only complete reviews are reused; reviewing it again.`,
    ]);
    expect(requests).toContain("createSubmission");
  });

  it.each([
    [
      "answers 404",
      (_other: string) => "7f0c3a52-8d1e-4b6a-9c2d-5e4f3a2b1c0d",
      "cannot be read any more (HTTP 404)",
    ],
    ["is of another file", (other: string) => other, "is of another file (other.txt)"],
  ])(
    "runReviewPipeline reviews a file again when its recorded asset %s",
    async (_what, change: (other: string) => string, why) => {
      const files = [await file("one.txt", "Act now!"), await file("other.txt", "Guaranteed.")];
      const { outcome: first } = await review(files, null);
      const otherAsset = first.assets[1]!.assetId;
      const record: ReviewRecord = {
        ...first.record!,
        entries: first.record!.entries.map((e) =>
          e.path === "media/one.txt" ? { ...e, assetId: change(otherAsset) } : e,
        ),
      };
      const { outcome, rejected } = await review(files, record);
      expect(rejected).toHaveLength(1);
      expect(rejected[0]).toMatch(
        new RegExp(`^media/one\\.txt: .*${why.replace(/[()]/g, "\\$&")}; reviewing it again\\.$`),
      );
      expect(outcome.assets.map((a) => a.reused === null)).toEqual([true, false]);
      expect(outcome.estimate?.files.map((f) => f.file.displayPath)).toEqual(["media/one.txt"]);
      // The fresh review replaces the broken entry.
      const entry = outcome.record?.entries.find((e) => e.path === "media/one.txt");
      expect(entry).toMatchObject({
        assetId: outcome.assets[0]!.assetId,
        submissionId: outcome.submissionId,
      });
    },
  );

  it("runReviewPipeline holds max-credits against what it submits, not what it reuses", async () => {
    const kept = await file("kept.txt", "A calm sentence.");
    const { outcome: first } = await review([kept], null);
    const changed = await file("changed.txt", "Another calm sentence.");
    const { outcome } = await review([kept, changed], first.record, { maxCredits: 1 });
    expect(outcome).toMatchObject({ status: "completed", estimate: { totalCredits: 1 } });
    expect(outcome.record?.entries.map((e) => e.path)).toEqual([
      "media/changed.txt",
      "media/kept.txt",
    ]);
  });

  it("runReviewPipeline reviews everything again for other sidekicks, and says why", async () => {
    const one = await file("sidekick.txt", "A calm sentence.");
    const { outcome: first } = await review([one], null);
    const requests: string[] = [];
    const { outcome, ignored } = await review([one], first.record, {
      requests,
      sidekickIds: ["brand", "legal"],
    });
    expect(ignored).toEqual([
      "The recorded reviews ran with the sidekicks brand, this run with brand, legal; every file is reviewed again.",
    ]);
    expect(requests).toContain("createSubmission");
    expect(outcome.record?.sidekickIds).toEqual(["brand", "legal"]);
  });

  it("reuseReviews refuses an entry of another content id than the file's, without a request", async () => {
    const one = await file("swapped.txt", "Clinically proven.");
    const { outcome } = await review([one], null);
    const entry = { ...outcome.record!.entries[0]!, contentId: "0".repeat(64) };
    const requests: string[] = [];
    const rejected: string[] = [];
    const client = new ContentReviewClient({
      apiKey: emu.liveKey,
      baseUrl: emu.baseUrl,
      onRequest: (e) => requests.push(e.operation),
    });
    const result = await reuseReviews({
      client,
      candidates: [{ file: one, entry }],
      concurrency: 1,
      events: { onReuseRejected: (e) => rejected.push(e.message) },
    });
    expect(result).toEqual({ reused: [], again: [one] });
    expect(rejected).toEqual([
      expect.stringMatching(
        /^media\/swapped\.txt: .*is of another version of the file; reviewing it again\.$/,
      ),
    ]);
    expect(requests).toEqual([]);
  });
});
