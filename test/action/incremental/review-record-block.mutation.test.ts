import { createHmac } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { RECORD_ROOM } from "../../../src/action/github/check-run.ts";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import {
  readRecordBlock,
  writeRecordBlock,
} from "../../../src/action/incremental/review-record-block.ts";
import { entryOf, recordOf } from "../../pipeline/review-record-fixture.ts";

// The edges of the record block that the round-trip tests (review-record-block.test.ts) leave
// open (issue 19): the inflate limit, the exact-length boundary, counts of two digits, and a
// genuine MAC behind another version.
//
// Left alive on purpose (`npm run test:mutation`), each equivalent for the verdict:
// - `v(\d)` for `v(\d+)` in the block pattern: any version but 2 is refused before it is used;
// - `<=` for `<` before "(it is not signed)": version 2 never reaches that reason;
// - the "" after it (wording only);
// - deflate's `level: 9` dropped: the same record in a larger block (only whether it fits changes,
//   and that is tested at its boundary).

const KEY = deriveRecordKey("sk_live_recordblockmutationkey00000001");

/** A block of `json` (any text) under version `version`, its MAC over `v<macVersion> <payload>`. */
function signedBlock(json: string, version = 2, macVersion = version): string {
  const data = deflateRawSync(Buffer.from(json)).toString("base64");
  const mac = createHmac("sha256", KEY).update(`v${macVersion} ${data}`).digest("hex");
  return `<!-- content-review:record v${version} ${data} mac=${mac} -->`;
}

describe("readRecordBlock edges", () => {
  it("readRecordBlock refuses a signed block that inflates past 16 MiB, even around a valid record", () => {
    const record = recordOf([entryOf("media/a.png", "a", 1)]);
    // Whitespace is valid JSON padding: without the limit this would read as the record.
    const bomb = `${JSON.stringify(record)}${" ".repeat(16 * 1024 * 1024 + 1)}`;
    const read = readRecordBlock(signedBlock(bomb), "check run 5", KEY);
    expect(read.kind).toBe("unusable");
  });

  it("readRecordBlock reads a signed record padded to just under the limit", () => {
    const record = recordOf([entryOf("media/a.png", "a", 1)]);
    const json = JSON.stringify(record);
    const padded = `${json}${" ".repeat(16 * 1024 * 1024 - Buffer.byteLength(json))}`;
    expect(readRecordBlock(signedBlock(padded), "check run 5", KEY)).toEqual({
      kind: "record",
      record,
    });
  });

  it("readRecordBlock refuses a v2 block relabelled as another version, its MAC left as it was", () => {
    const record = recordOf([entryOf("media/a.png", "a", 1)]);
    const relabelled = signedBlock(JSON.stringify(record), 3, 2);
    expect(readRecordBlock(relabelled, "check run 5", KEY).kind).toBe("unusable");
  });

  it("readRecordBlock names a version of two digits as it stands", () => {
    const read = readRecordBlock(signedBlock("{}", 12), "check run 5", KEY);
    expect(read).toEqual({ kind: "unusable", reason: expect.stringContaining("version 12,") });
    expect(read.kind === "unusable" && read.reason).not.toContain("not signed");
  });

  it("readRecordBlock calls a block without a version malformed", () => {
    const read = readRecordBlock("<!-- content-review:record vX -->", "check run 5", KEY);
    expect(read).toEqual({ kind: "unusable", reason: expect.stringContaining("malformed") });
  });

  it("readRecordBlock says an unsigned version 1 block is not signed", () => {
    const read = readRecordBlock(signedBlock("{}", 1), "check run 5", KEY);
    expect(read).toEqual({ kind: "unusable", reason: expect.stringContaining("not signed") });
  });

  it("readRecordBlock reads a text without the block as none, whatever else it holds", () => {
    expect(readRecordBlock("<!-- content-review:file a.png -->", "check run 5", KEY)).toEqual({
      kind: "none",
    });
    expect(readRecordBlock(undefined, "check run 5", KEY)).toEqual({ kind: "none" });
  });
});

describe("writeRecordBlock edges", () => {
  const record = recordOf(Array.from({ length: 12 }, (_, i) => entryOf(`f${i}.png`, "a", i)));

  it("writeRecordBlock keeps a block exactly as long as the room, and not one character more", () => {
    const { block } = writeRecordBlock(record, RECORD_ROOM, KEY);
    expect(writeRecordBlock(record, block.length, KEY)).toEqual({ block, fits: true });
    expect(writeRecordBlock(record, block.length - 1, KEY).fits).toBe(false);
  });

  it("writeRecordBlock counts a too-large record of 12 entries, and readRecordBlock reads the count back", () => {
    const { block, fits } = writeRecordBlock(record, 100, KEY);
    expect(fits).toBe(false);
    expect(block).toBe("<!-- content-review:record v2 too-large entries=12 -->");
    const read = readRecordBlock(block, "check run 5", KEY);
    expect(read).toEqual({ kind: "unusable", reason: expect.stringContaining("(12 files)") });
  });
});
