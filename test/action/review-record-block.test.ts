import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { RECORD_ROOM } from "../../src/action/check-run.ts";
import { readRecordBlock, writeRecordBlock } from "../../src/action/review-record-block.ts";
import { entryOf, recordOf, uuid } from "../pipeline/review-record-fixture.ts";

/** A block around any JSON payload, as a forged or damaged check run text would hold it. */
function blockOf(payload: unknown, version = 1): string {
  const data = deflateRawSync(Buffer.from(JSON.stringify(payload))).toString("base64");
  return `<!-- content-review:record v${version} ${data} -->`;
}

describe("writeRecordBlock and readRecordBlock", () => {
  it("writeRecordBlock round-trips a record through a hidden block in the check run's text", () => {
    const record = recordOf([entryOf("media/a.png", "a", 1), entryOf("media/b.png", "b", 2)]);
    const { block, fits } = writeRecordBlock(record, RECORD_ROOM);
    expect(fits).toBe(true);
    expect(block).toMatch(/^<!-- content-review:record v1 [A-Za-z0-9+/=]+ -->$/);
    const text = `Some note before it.\n\n${block}`;
    expect(readRecordBlock(text, "check run 1")).toEqual({ kind: "record", record });
  });

  it("writeRecordBlock keeps several hundred files under GitHub's 65,535 characters", () => {
    const entries = Array.from({ length: 400 }, (_, i) =>
      entryOf(`media/batch-${Math.floor(i / 50)}/asset-${i}.mp4`, "0", i, {
        contentId: i.toString(16).padStart(40, "7"),
        submissionId: uuid(5000 + (i % 7)),
      }),
    );
    const { block, fits } = writeRecordBlock(recordOf(entries), RECORD_ROOM);
    expect(fits).toBe(true);
    expect(block.length).toBeLessThanOrEqual(RECORD_ROOM);
    const read = readRecordBlock(block, "check run 1");
    expect(read.kind === "record" && read.record.entries).toHaveLength(400);
  });

  it("writeRecordBlock says a record too large for the check run was not kept, and readRecordBlock says why", () => {
    const entries = Array.from({ length: 3 }, (_, i) => entryOf(`f${i}.png`, "a", i));
    const { block, fits } = writeRecordBlock(recordOf(entries), 200);
    expect(fits).toBe(false);
    expect(block).toBe("<!-- content-review:record v1 too-large entries=3 -->");
    expect(readRecordBlock(block, "check run 9 on abc1234")).toEqual({
      kind: "unusable",
      reason:
        "The review record of check run 9 on abc1234 (3 files) was too large for a check run's output, so it was not kept.",
    });
  });

  it.each([
    ["no block at all", "Only a note.", "none"],
    ["a null text", null, "none"],
    ["a block that is cut", "<!-- content-review:record v1 abc", "unusable"],
    [
      "base64 that is not deflate data",
      "<!-- content-review:record v1 bm90IGRlZmxhdGU= -->",
      "unusable",
    ],
    [
      "deflate data that is not JSON",
      `<!-- content-review:record v1 ${deflateRawSync(Buffer.from("{nope")).toString("base64")} -->`,
      "unusable",
    ],
    ["another version", blockOf(recordOf([]), 2), "unusable"],
    ["a record of another version inside", blockOf({ ...recordOf([]), version: 2 }), "unusable"],
    [
      "an entry with a URL for an asset id",
      blockOf(
        recordOf([entryOf("a.png", "a", 1, { assetId: "https://storage.example.com/x?sig=1" })]),
      ),
      "unusable",
    ],
    [
      "an entry with an extra field",
      blockOf(recordOf([{ ...entryOf("a.png", "a", 1), uploadUrl: "https://x" } as never])),
      "unusable",
    ],
    [
      "a SHA-256 in a git-blob record",
      blockOf(recordOf([entryOf("a.png", "a", 1, { contentId: "a".repeat(64) })])),
      "unusable",
    ],
    ["no sidekicks", blockOf(recordOf([], { sidekickIds: [] })), "unusable"],
  ])("readRecordBlock reads %s as %s, and never throws", (_what, text, kind) => {
    const read = readRecordBlock(text, "check run 7");
    expect(read.kind).toBe(kind);
    if (read.kind === "unusable") expect(read.reason).toContain("check run 7");
  });
});
