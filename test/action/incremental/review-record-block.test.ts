import { createHash, createHmac } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { RECORD_ROOM } from "../../../src/action/github/check-run.ts";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import {
  assembleRecord,
  MAX_RECORD_PARTS,
  type RecordPart,
  readRecordBlock,
  readRecordPart,
  recordPartName,
  recordSigning,
  writeRecordBlocks,
} from "../../../src/action/incremental/review-record-block.ts";
import type { ReviewRecord } from "../../../src/pipeline/index.ts";
import { entryOf, largeRecord, recordOf } from "../../pipeline/review-record-fixture.ts";
import { LIVE_SCOPE, SANDBOX_SCOPE, TEST_HEAD } from "../signing/signing-fixture.ts";

const SECRET = "sk_live_recordblocktestkey0000000001";
const KEY = deriveRecordKey(SECRET, LIVE_SCOPE);
const SIGNING = recordSigning(KEY, TEST_HEAD);
const write = (record: ReviewRecord, max = RECORD_ROOM) => writeRecordBlocks(record, max, SIGNING);
const read = (text: string | null | undefined, source = "check run 7") =>
  readRecordBlock(text, source, SIGNING);

/** The parts of `blocks`, read and verified one by one. */
function partsOf(blocks: readonly string[], signing = SIGNING): RecordPart[] {
  return blocks.map((b) => {
    const part = readRecordPart(b, "check run 1", signing);
    if (part.kind !== "part") throw new Error(`not a part: ${JSON.stringify(part)}`);
    return part.part;
  });
}

/**
 * A one-part block around any JSON payload, signed as the Action signs (written apart from it,
 * so that the two cannot share a mistake): the key derived from the secret, the label and the
 * scope; the MAC over the purpose, the commit, the fields and the payload.
 */
function blockOf(payload: unknown, options: { version?: number; commit?: string } = {}): string {
  const version = options.version ?? 3;
  const data = deflateRawSync(Buffer.from(JSON.stringify(payload))).toString("base64");
  const id = createHash("sha256").update(data).digest("hex").slice(0, 32);
  const fields = `v${version} id=${id} part=1/1`;
  const key = createHmac("sha256", SECRET)
    .update("content-review/review-record/v2\nlive\nocto/media\n")
    .digest();
  const mac = createHmac("sha256", key)
    .update(`review-record\n${options.commit ?? TEST_HEAD}\n${fields}\n${data}`)
    .digest("hex");
  return `<!-- content-review:record ${fields} ${data} mac=${mac} -->`;
}

describe("writeRecordBlocks and readRecordBlock", () => {
  it("writeRecordBlocks round-trips a record through a hidden block in the check run's text", () => {
    const record = recordOf([entryOf("media/a.png", "a", 1), entryOf("media/b.png", "b", 2)]);
    const { blocks, fits } = write(record);
    expect(fits).toBe(true);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatch(
      /^<!-- content-review:record v3 id=[0-9a-f]{32} part=1\/1 [A-Za-z0-9+/=]+ mac=[0-9a-f]{64} -->$/,
    );
    expect(read(`Some note before it.\n\n${blocks[0]}`)).toEqual({ kind: "record", record });
  });

  it("writeRecordBlocks signs as documented: the scoped key, then the purpose, the commit, the fields and the payload", () => {
    const record = recordOf([entryOf("media/a.png", "a", 1)]);
    expect(write(record).blocks).toEqual([blockOf(record)]);
  });

  it("writeRecordBlocks splits the record of a 3,000-file pull request into parts that each fit a check run, and they assemble into it", () => {
    const record = largeRecord(3_000);
    const { blocks, fits } = write(record);
    expect(fits).toBe(true);
    expect(blocks.length).toBeGreaterThan(1);
    expect(blocks.length).toBeLessThanOrEqual(MAX_RECORD_PARTS);
    for (const block of blocks) expect(block.length).toBeLessThanOrEqual(RECORD_ROOM);
    const parts = partsOf(blocks);
    expect(parts.map((p) => [p.index, p.count])).toEqual(
      blocks.map((_, i) => [i + 1, blocks.length]),
    );
    expect(new Set(parts.map((p) => p.id)).size).toBe(1);
    expect(assembleRecord(parts, "check run 1")).toEqual({ kind: "record", record });
    // The first part alone is not the record.
    expect(read(blocks[0])).toEqual({
      kind: "unusable",
      reason: `The review record of check run 7 is incomplete: 1 part of ${blocks.length} found.`,
    });
  });

  it.each([
    ["a part missing", (p: RecordPart[]) => p.slice(0, -1)],
    ["two parts swapped", (p: RecordPart[]) => [p[0]!, p[2]!, p[1]!, ...p.slice(3)]],
    ["a part given twice", (p: RecordPart[]) => [p[0]!, p[1]!, p[1]!, ...p.slice(3)]],
    ["no part at all", () => []],
  ])("assembleRecord uses nothing of a record with %s", (_what, change) => {
    const parts = partsOf(write(largeRecord(3_000)).blocks);
    expect(assembleRecord(change(parts), "check run 4").kind).toBe("unusable");
  });

  it("assembleRecord refuses a genuine part of another record put in a record's place", () => {
    const one = partsOf(write(largeRecord(3_000)).blocks);
    const other = partsOf(write(largeRecord(3_001)).blocks);
    expect(one.length).toBe(other.length);
    expect(assembleRecord([one[0]!, other[1]!, ...one.slice(2)], "check run 4")).toEqual({
      kind: "unusable",
      reason: expect.stringContaining("is incomplete"),
    });
    // A payload that does not hash to the id its parts were signed with is not the record.
    const chunk = one[0]!.chunk.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    const tampered = [{ ...one[0]!, chunk }, ...one.slice(1)];
    expect(assembleRecord(tampered, "check run 4")).toEqual({
      kind: "unusable",
      reason: "The review record of check run 4 is malformed.",
    });
  });

  it("writeRecordBlocks says a record too large for every part was not kept, and readRecordBlock says why", () => {
    const record = largeRecord(40);
    const { blocks, fits } = write(record, 200);
    expect(fits).toBe(false);
    expect(blocks).toEqual(["<!-- content-review:record v3 too-large entries=40 -->"]);
    expect(read(blocks[0], "check run 9 on abc1234")).toEqual({
      kind: "unusable",
      reason:
        "The review record of check run 9 on abc1234 (40 files) was too large to keep, so it was not kept.",
    });
  });

  it("recordPartName names a companion check run after the check and the part", () => {
    expect(recordPartName("Content Review", 2)).toBe("Content Review (review record, part 2)");
  });
});

describe("a record bound to where it was made", () => {
  const record = recordOf([entryOf("ad.txt", "1", 1)]);
  const block = write(record).blocks[0]!;

  it.each([
    ["on another commit", recordSigning(KEY, "d".repeat(40))],
    [
      "in a sandbox run with the same record-key",
      recordSigning(deriveRecordKey(SECRET, SANDBOX_SCOPE), TEST_HEAD),
    ],
    [
      "in another repository with the same secret",
      recordSigning(
        deriveRecordKey(SECRET, { ...LIVE_SCOPE, repository: "octo/other" }),
        TEST_HEAD,
      ),
    ],
    [
      "in a repository of the same name with another id",
      recordSigning(deriveRecordKey(SECRET, { ...LIVE_SCOPE, repositoryId: "99" }), TEST_HEAD),
    ],
    [
      "under another secret (another api-key or record-key)",
      recordSigning(deriveRecordKey("a-dedicated-record-key-0000000001", LIVE_SCOPE), TEST_HEAD),
    ],
    ["as a review comment's signature", { ...SIGNING, purpose: "review-comment" }],
  ])("readRecordBlock uses nothing of a genuine record read %s", (_what, signing) => {
    expect(readRecordBlock(block, "check run 3", signing)).toEqual({
      kind: "unusable",
      reason: expect.stringMatching(
        /^The review record of check run 3 does not verify: .*made somewhere else/,
      ),
    });
  });

  it("readRecordBlock verifies the record where it was made, the repository spelt in any case", () => {
    const spelt = recordSigning(
      deriveRecordKey(SECRET, { ...LIVE_SCOPE, repository: "Octo/Media" }),
      TEST_HEAD.toUpperCase(),
    );
    expect(readRecordBlock(block, "check run 3", spelt)).toEqual({ kind: "record", record });
  });
});

describe("readRecordBlock on what anyone can write", () => {
  it.each([
    ["no block at all", "Only a note.", "none"],
    ["a null text", null, "none"],
    ["a block that is cut", "<!-- content-review:record v3 abc", "unusable"],
    ["deflate data that is not JSON", blockOf("{nope"), "unusable"],
    ["another version", blockOf(recordOf([]), { version: 4 }), "unusable"],
    [
      "a signed block of version 2 (bound to nothing)",
      blockOf(recordOf([]), { version: 2 }),
      "unusable",
    ],
    ["an unsigned block of version 1", blockOf(recordOf([]), { version: 1 }), "unusable"],
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
      "a review time that is not a date-time",
      blockOf(recordOf([entryOf("a.png", "a", 1, { reviewedAt: "yesterday" })])),
      "unusable",
    ],
    [
      "a SHA-256 in a git-blob record",
      blockOf(recordOf([entryOf("a.png", "a", 1, { contentId: "a".repeat(64) })])),
      "unusable",
    ],
    ["no sidekicks", blockOf(recordOf([], { sidekickIds: [] })), "unusable"],
  ])("readRecordBlock reads %s as %s, and never throws", (_what, text, kind) => {
    const got = read(text);
    expect(got.kind).toBe(kind);
    if (got.kind === "unusable") expect(got.reason).toContain("check run 7");
  });

  it.each([
    [1, "it is not bound to a repository, an environment and a commit"],
    [2, "it is not bound to a repository, an environment and a commit"],
    [12, "a newer Action wrote it"],
  ])("readRecordBlock says why a block of version %i is not used", (version, why) => {
    expect(read(blockOf(recordOf([]), { version }))).toEqual({
      kind: "unusable",
      reason: `The review record of check run 7 has version ${version}, which this version of the Action does not use (${why}${version < 3 ? "; its files are reviewed again, once" : ""}).`,
    });
  });

  it.each([
    [
      "its MAC in upper-case hex",
      (b: string) => b.replace(/mac=([0-9a-f]{64})/, (_m, h: string) => `mac=${h.toUpperCase()}`),
    ],
    ["its MAC cut by one digit", (b: string) => b.replace(/mac=([0-9a-f])/, "mac=")],
    [
      "its MAC with one digit changed",
      (b: string) => b.replace(/mac=(.)/, (_m, c: string) => `mac=${c === "0" ? "1" : "0"}`),
    ],
    ["its base64 cut short", (b: string) => b.replace(/(part=1\/1 \S{8})\S+/, "$1")],
    [
      "one base64 character changed",
      (b: string) =>
        b.replace(/part=1\/1 (.)/, (_m, c: string) => `part=1/1 ${c === "A" ? "B" : "A"}`),
    ],
    ["its part count changed", (b: string) => b.replace("part=1/1", "part=1/2")],
    [
      "its id changed",
      (b: string) => b.replace(/id=(.)/, (_m, c: string) => `id=${c === "0" ? "1" : "0"}`),
    ],
    ["its version changed to 2", (b: string) => b.replace("record v3 ", "record v2 ")],
  ])("readRecordBlock uses nothing of a genuine block with %s", (_what, damage) => {
    const record = recordOf([entryOf("ad.txt", "1", 1)]);
    const genuine = write(record).blocks[0]!;
    expect(read(genuine)).toEqual({ kind: "record", record });
    const damaged = damage(genuine);
    expect(damaged).not.toBe(genuine);
    expect(read(damaged).kind).toBe("unusable");
  });
});
