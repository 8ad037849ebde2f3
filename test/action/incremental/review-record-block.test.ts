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
/** The paths every record of these tests names. */
const PATHS = [
  "media/a.png",
  "media/b.png",
  "ad.txt",
  "a.png",
  ...largeRecord(3_001).entries.map((e) => e.path),
];
const read = (text: string | null | undefined, source = "check run 7") =>
  readRecordBlock(text, source, SIGNING, PATHS);
const assemble = (parts: readonly RecordPart[], source: string) =>
  assembleRecord(parts, source, PATHS);

/** The bytes a v4 payload inflates to: a JSON header, a newline, the entries' bytes. */
function payloadOf(header: unknown, body: Buffer = Buffer.alloc(0)): Buffer {
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
}

/** A valid header of `count` entries of one run. */
function headerOf(count: number, extra: Record<string, unknown> = {}) {
  return {
    identity: "git-blob",
    sidekickIds: ["brand"],
    runs: [["00000000-0000-4000-8000-000000001001", "c".repeat(40), null]],
    run: Array(count).fill(0),
    credits: Array(count).fill(1),
    ...extra,
  };
}

/** The bytes of one git-blob entry for `path`: its path hash, content id and asset id. */
function entryBytes(path: string): Buffer {
  const hash = createHash("sha256").update(path).digest().subarray(0, 8);
  return Buffer.concat([hash, Buffer.alloc(20, 0xaa), Buffer.alloc(16, 0x11)]);
}

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
function blockOf(
  payload: Buffer | string,
  options: { version?: number; commit?: string } = {},
): string {
  const version = options.version ?? 4;
  const data = deflateRawSync(payload).toString("base64");
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
    const { blocks, dropped } = write(record);
    expect(dropped).toBe(0);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatch(
      /^<!-- content-review:record v4 id=[0-9a-f]{32} part=1\/1 [A-Za-z0-9+/=]+ mac=[0-9a-f]{64} -->$/,
    );
    expect(read(`Some note before it.\n\n${blocks[0]}`)).toEqual({ kind: "record", record });
  });

  it("writeRecordBlocks signs as documented: the scoped key, then the purpose, the commit, the fields and the payload", () => {
    const record = recordOf([
      entryOf("media/a.png", "a", 1, { assetId: "11111111-1111-1111-1111-111111111111" }),
    ]);
    const header = {
      ...headerOf(1),
      runs: [[record.entries[0]!.submissionId, "c".repeat(40), null]],
    };
    expect(write(record).blocks).toEqual([blockOf(payloadOf(header, entryBytes("media/a.png")))]);
  });

  it("writeRecordBlocks splits the record of a 3,000-file pull request into parts that each fit a check run, and they assemble into it", () => {
    const record = largeRecord(3_000);
    const { blocks, dropped } = write(record);
    expect(dropped).toBe(0);
    expect(blocks.length).toBeGreaterThan(1);
    expect(blocks.length).toBeLessThanOrEqual(MAX_RECORD_PARTS);
    for (const block of blocks) expect(block.length).toBeLessThanOrEqual(RECORD_ROOM);
    const parts = partsOf(blocks);
    expect(parts.map((p) => [p.index, p.count])).toEqual(
      blocks.map((_, i) => [i + 1, blocks.length]),
    );
    expect(new Set(parts.map((p) => p.id)).size).toBe(1);
    expect(assemble(parts, "check run 1")).toEqual({ kind: "record", record });
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
    expect(assemble(change(parts), "check run 4").kind).toBe("unusable");
  });

  it("assembleRecord refuses a genuine part of another record put in a record's place", () => {
    const one = partsOf(write(largeRecord(3_000)).blocks);
    const other = partsOf(write(largeRecord(3_001)).blocks);
    expect(one.length).toBe(other.length);
    expect(assemble([one[0]!, other[1]!, ...one.slice(2)], "check run 4")).toEqual({
      kind: "unusable",
      reason: expect.stringContaining("is incomplete"),
    });
    // A payload that does not hash to the id its parts were signed with is not the record.
    const chunk = one[0]!.chunk.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    const tampered = [{ ...one[0]!, chunk }, ...one.slice(1)];
    expect(assemble(tampered, "check run 4")).toEqual({
      kind: "unusable",
      reason: "The review record of check run 4 is malformed.",
    });
  });

  it("writeRecordBlocks keeps the newest entries of a record too large for every part, never none", () => {
    const entries = largeRecord(400).entries.map((e, i) => ({
      ...e,
      reviewedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    const { blocks, kept, dropped } = write(recordOf(entries), 1_000);
    expect(blocks).toHaveLength(MAX_RECORD_PARTS);
    expect(kept).toBeGreaterThan(0);
    expect(kept + dropped).toBe(400);
    const found = assemble(partsOf(blocks), "check run 9");
    if (found.kind !== "record") throw new Error(JSON.stringify(found));
    const newest = [...entries].reverse().slice(0, kept);
    expect(found.record.entries).toEqual(newest);
  });

  it.each([
    [
      "4,000-character paths",
      150,
      (i: number) => `${"deep/".repeat(799)}${String(i).padStart(4, "0")}.png`,
    ],
    [
      "UUID-style paths",
      10_000,
      (i: number) => {
        const u = createHash("sha256").update(String(i)).digest("hex");
        const id = (h: string) =>
          `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
        return `${id(u)}/${id(u.slice(32))}.png`;
      },
    ],
  ])(
    "writeRecordBlocks keeps a record of %s whole (%i files), in at most the most parts",
    (_what, count, pathOf) => {
      const entries = largeRecord(count).entries.map((e, i) => ({ ...e, path: pathOf(i) }));
      const record = recordOf(entries);
      const { blocks, dropped } = write(record);
      expect(dropped).toBe(0);
      expect(blocks.length).toBeLessThanOrEqual(MAX_RECORD_PARTS);
      const found = assembleRecord(
        partsOf(blocks),
        "check run 1",
        entries.map((e) => e.path),
      );
      expect(found).toEqual({ kind: "record", record });
    },
  );

  it("assembleRecord keeps only the entries of the paths it is given", () => {
    const record = recordOf([entryOf("media/a.png", "a", 1), entryOf("media/b.png", "b", 2)]);
    const parts = partsOf(write(record).blocks);
    expect(assembleRecord(parts, "check run 1", ["media/b.png", "media/c.png"])).toEqual({
      kind: "record",
      record: recordOf([entryOf("media/b.png", "b", 2)]),
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
    expect(readRecordBlock(block, "check run 3", signing, PATHS)).toEqual({
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
    expect(readRecordBlock(block, "check run 3", spelt, PATHS)).toEqual({ kind: "record", record });
  });
});

describe("readRecordBlock on what anyone can write", () => {
  it.each([
    ["no block at all", "Only a note.", "none"],
    ["a null text", null, "none"],
    ["a block that is cut", "<!-- content-review:record v4 abc", "unusable"],
    ["deflate data that is not a record", blockOf("{nope"), "unusable"],
    ["another version", blockOf(payloadOf(headerOf(0)), { version: 5 }), "unusable"],
    [
      "a block of version 3 (whole paths)",
      blockOf(JSON.stringify(recordOf([])), { version: 3 }),
      "unusable",
    ],
    ["a signed block of version 2 (bound to nothing)", blockOf("{}", { version: 2 }), "unusable"],
    ["an unsigned block of version 1", blockOf("{}", { version: 1 }), "unusable"],
    [
      "a header with an extra field",
      blockOf(payloadOf(headerOf(0, { url: "https://x" }))),
      "unusable",
    ],
    [
      "a review time that is not a date-time",
      blockOf(
        payloadOf(
          headerOf(1, { runs: [["00000000-0000-4000-8000-000000001001", "c", "yesterday"]] }),
          entryBytes("a.png"),
        ),
      ),
      "unusable",
    ],
    [
      "entries that do not add up",
      blockOf(payloadOf(headerOf(2), entryBytes("a.png"))),
      "unusable",
    ],
    [
      "a run index past the runs",
      blockOf(payloadOf(headerOf(1, { run: [1] }), entryBytes("a.png"))),
      "unusable",
    ],
    ["no sidekicks", blockOf(payloadOf(headerOf(0, { sidekickIds: [] }))), "unusable"],
    ["a valid entry", blockOf(payloadOf(headerOf(1), entryBytes("a.png"))), "record"],
  ])("readRecordBlock reads %s as %s, and never throws", (_what, text, kind) => {
    const got = read(text);
    expect(got.kind).toBe(kind);
    if (got.kind === "unusable") expect(got.reason).toContain("check run 7");
  });

  it.each([
    [1, "an earlier Action wrote it; its files are reviewed again, once"],
    [3, "an earlier Action wrote it; its files are reviewed again, once"],
    [12, "a newer Action wrote it"],
  ])("readRecordBlock says why a block of version %i is not used", (version, why) => {
    expect(read(blockOf("{}", { version }))).toEqual({
      kind: "unusable",
      reason: `The review record of check run 7 has version ${version}, which this version of the Action does not use (${why}).`,
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
    ["its version changed to 3", (b: string) => b.replace("record v4 ", "record v3 ")],
  ])("readRecordBlock uses nothing of a genuine block with %s", (_what, damage) => {
    const record = recordOf([entryOf("ad.txt", "1", 1)]);
    const genuine = write(record).blocks[0]!;
    expect(read(genuine)).toEqual({ kind: "record", record });
    const damaged = damage(genuine);
    expect(damaged).not.toBe(genuine);
    expect(read(damaged).kind).toBe("unusable");
  });
});
