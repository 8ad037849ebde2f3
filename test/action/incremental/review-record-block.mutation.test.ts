import { createHash, createHmac } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import {
  MAX_RECORD_PARTS,
  readRecordBlock,
  readRecordPart,
  recordSigning,
  writeRecordBlocks,
} from "../../../src/action/incremental/review-record-block.ts";
import type { ReviewRecord } from "../../../src/pipeline/index.ts";
import { entryOf, recordOf } from "../../pipeline/review-record-fixture.ts";
import { LIVE_SCOPE, TEST_HEAD } from "../signing/signing-fixture.ts";

// The edges of the record block that the round-trip tests (review-record-block.test.ts) leave
// open (issue 19, issue 23): the inflate limit, the exact-length boundary of a part, the most
// parts, counts of two digits, and a part placed past its count.
//
// Left alive on purpose (`npm run test:mutation`), each equivalent for the verdict:
// - `<` for `<=` before "an earlier Action": version 4 never reaches that reason;
// - `p.index !== i + 1` or `p.count !== first.count` dropped in assembleRecord: parts out of
//   order, or of another count, join into a payload whose digest is not the record's id (the
//   check after it), so the record is refused all the same;
// - `v(\d)` for `v(\d+)` in the block pattern: any version but 4 is refused before it is used;
// - deflate's `level: 9` dropped: the same record in larger blocks (only how many parts it
//   takes changes, and that is tested at its boundary).

const SECRET = "sk_live_recordblockmutationkey00000001";
const KEY = deriveRecordKey(SECRET, LIVE_SCOPE);
const SIGNING = recordSigning(KEY, TEST_HEAD);

/** A signed block of `json` (any text), as part `index` of `count`, signed apart from the module. */
function signedBlock(json: string, index = 1, count = 1): string {
  const data = deflateRawSync(Buffer.from(json)).toString("base64");
  const id = createHash("sha256").update(data).digest("hex").slice(0, 32);
  const fields = `v4 id=${id} part=${index}/${count}`;
  const key = createHmac("sha256", SECRET)
    .update("content-review/review-record/v2\nlive\nocto/media\n")
    .digest();
  const mac = createHmac("sha256", key)
    .update(`review-record\n${TEST_HEAD}\n${fields}\n${data}`)
    .digest("hex");
  return `<!-- content-review:record ${fields} ${data} mac=${mac} -->`;
}

describe("readRecordBlock edges", () => {
  const record = recordOf([]);
  // A record without entries: its header alone, then the newline before the (empty) entries.
  const header = JSON.stringify({
    identity: "git-blob",
    sidekickIds: ["brand"],
    runs: [],
    run: [],
    credits: [],
  });

  it("readRecordBlock refuses a signed block that inflates past 64 MiB, even around a valid record", () => {
    // Whitespace is valid JSON padding: without the limit this would read as the record.
    const bomb = `${header}${" ".repeat(64 * 1024 * 1024)}\n`;
    expect(readRecordBlock(signedBlock(bomb), "check run 5", SIGNING, [])).toEqual({
      kind: "unusable",
      reason: expect.stringContaining("cannot be decoded"),
    });
  });

  it("readRecordBlock reads a signed record padded to just under the limit", () => {
    const padded = `${header}${" ".repeat(64 * 1024 * 1024 - header.length - 1)}\n`;
    expect(readRecordBlock(signedBlock(padded), "check run 5", SIGNING, [])).toEqual({
      kind: "record",
      record,
    });
  });

  it("readRecordPart calls a genuine part numbered past its count malformed", () => {
    expect(readRecordPart(signedBlock("{}", 3, 2), "check run 5", SIGNING)).toEqual({
      kind: "unusable",
      reason: "The review record of check run 5 is malformed.",
    });
    expect(readRecordPart(signedBlock("{}", 2, 2), "check run 5", SIGNING)).toMatchObject({
      kind: "part",
      part: { index: 2, count: 2 },
    });
  });

  it("readRecordPart reads part and count of two digits", () => {
    expect(readRecordPart(signedBlock("{}", 10, 10), "check run 5", SIGNING)).toMatchObject({
      kind: "part",
      part: { index: 10, count: 10 },
    });
  });

  it("readRecordBlock calls a block without a version malformed", () => {
    const read = readRecordBlock("<!-- content-review:record vX -->", "check run 5", SIGNING, []);
    expect(read).toEqual({
      kind: "unusable",
      reason: "The review record of check run 5 is malformed.",
    });
  });

  it("readRecordBlock reads a text without the block as none, whatever else it holds", () => {
    expect(
      readRecordBlock("<!-- content-review:file a.png -->", "check run 5", SIGNING, []),
    ).toEqual({
      kind: "none",
    });
    expect(readRecordBlock(undefined, "check run 5", SIGNING, [])).toEqual({ kind: "none" });
  });
});

describe("writeRecordBlocks edges", () => {
  const record: ReviewRecord = recordOf(
    Array.from({ length: 12 }, (_, i) => entryOf(`f${i}.png`, "a", i)),
  );
  const [whole] = writeRecordBlocks(record, 60_000, SIGNING).blocks;
  const payload = /part=1\/1 (\S+) mac=/.exec(whole!)![1]!;
  // What a block takes besides its chunk, with the widest fields (part=10/10).
  const overhead = whole!.length - payload.length + 2;

  it("writeRecordBlocks keeps a record in one block when its payload fills the room exactly", () => {
    const exact = writeRecordBlocks(record, payload.length + overhead, SIGNING);
    expect(exact).toEqual({ blocks: [whole], kept: 12, dropped: 0 });
    const split = writeRecordBlocks(record, payload.length + overhead - 1, SIGNING);
    expect(split.blocks).toHaveLength(2);
    expect(split.dropped).toBe(0);
  });

  it("writeRecordBlocks takes up to the most parts, and not one more", () => {
    const room = Math.ceil(payload.length / MAX_RECORD_PARTS) + overhead;
    const most = writeRecordBlocks(record, room, SIGNING);
    expect(most.blocks).toHaveLength(MAX_RECORD_PARTS);
    for (const block of most.blocks) expect(block.length).toBeLessThanOrEqual(room);
    expect(most.dropped).toBe(0);
    const over = writeRecordBlocks(record, room - 1, SIGNING);
    expect(over.blocks).toHaveLength(MAX_RECORD_PARTS);
    expect(over.dropped).toBeGreaterThan(0);
    expect(over.kept + over.dropped).toBe(12);
  });

  it("writeRecordBlocks keeps a record in at most maxParts parts", () => {
    const room = Math.ceil(payload.length / 2) + overhead;
    expect(writeRecordBlocks(record, room, SIGNING, 2).dropped).toBe(0);
    const one = writeRecordBlocks(record, room, SIGNING, 1);
    expect(one.blocks).toHaveLength(1);
    expect(one.dropped).toBeGreaterThan(0);
  });
});
