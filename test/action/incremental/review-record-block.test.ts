import { createHmac } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { RECORD_ROOM } from "../../../src/action/github/check-run.ts";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import {
  readRecordBlock as readWith,
  writeRecordBlock as writeWith,
} from "../../../src/action/incremental/review-record-block.ts";
import type { ReviewRecord } from "../../../src/pipeline/index.ts";
import { entryOf, recordOf, uuid } from "../../pipeline/review-record-fixture.ts";

const KEY = deriveRecordKey("sk_live_recordblocktestkey0000000001");
const OTHER_KEY = deriveRecordKey("sk_live_anotherworkspacekey000000001");
const readRecordBlock = (text: string | null | undefined, source: string) =>
  readWith(text, source, KEY);
const writeRecordBlock = (record: ReviewRecord, max: number) => writeWith(record, max, KEY);

/**
 * A block around any JSON payload, signed with `KEY` as the Action signs (written apart from it,
 * so that the two cannot share a mistake), as a damaged check run text would hold it.
 */
function blockOf(payload: unknown, version = 2): string {
  const data = deflateRawSync(Buffer.from(JSON.stringify(payload))).toString("base64");
  const mac = createHmac("sha256", KEY).update(`v${version} ${data}`).digest("hex");
  return `<!-- content-review:record v${version} ${data} mac=${mac} -->`;
}

/** The genuine block with its payload replaced by `record`'s and its MAC kept: a forgery. */
function forged(genuine: string, change: (record: ReviewRecord) => ReviewRecord): string {
  const [, data, mac] = /v2 (\S+) mac=([0-9a-f]{64})/.exec(genuine)!;
  const record = JSON.parse(inflateRawSync(Buffer.from(data!, "base64")).toString("utf8"));
  const altered = deflateRawSync(Buffer.from(JSON.stringify(change(record)))).toString("base64");
  return `<!-- content-review:record v2 ${altered} mac=${mac} -->`;
}

describe("writeRecordBlock and readRecordBlock", () => {
  it("writeRecordBlock round-trips a record through a hidden block in the check run's text", () => {
    const record = recordOf([entryOf("media/a.png", "a", 1), entryOf("media/b.png", "b", 2)]);
    const { block, fits } = writeRecordBlock(record, RECORD_ROOM);
    expect(fits).toBe(true);
    expect(block).toMatch(/^<!-- content-review:record v2 [A-Za-z0-9+/=]+ mac=[0-9a-f]{64} -->$/);
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
    expect(block).toBe("<!-- content-review:record v2 too-large entries=3 -->");
    expect(readRecordBlock(block, "check run 9 on abc1234")).toEqual({
      kind: "unusable",
      reason:
        "The review record of check run 9 on abc1234 (3 files) was too large for a check run's output, so it was not kept.",
    });
  });

  it.each([
    ["no block at all", "Only a note.", "none"],
    ["a null text", null, "none"],
    ["a block that is cut", "<!-- content-review:record v2 abc", "unusable"],
    [
      "base64 that is not deflate data",
      `<!-- content-review:record v2 bm90IGRlZmxhdGU= mac=${createHmac("sha256", KEY).update("v2 bm90IGRlZmxhdGU=").digest("hex")} -->`,
      "unusable",
    ],
    ["deflate data that is not JSON", blockOf("{nope"), "unusable"],
    ["another version", blockOf(recordOf([]), 3), "unusable"],
    ["an unsigned block of version 1", blockOf(recordOf([]), 1), "unusable"],
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

  it("readRecordBlock refuses a genuine record with a blob sha swapped, naming the check run", () => {
    const record = recordOf([entryOf("ad.txt", "1", 1), entryOf("b.txt", "2", 2)]);
    const genuine = writeRecordBlock(record, RECORD_ROOM).block;
    const text = forged(genuine, (r) => ({
      ...r,
      entries: r.entries.map((e) =>
        e.path === "ad.txt" ? { ...e, contentId: "f".repeat(40) } : e,
      ),
    }));
    const read = readRecordBlock(text, "check run 12");
    expect(read).toEqual({
      kind: "unusable",
      reason: expect.stringMatching(
        /^The review record of check run 12 does not verify: it was altered/,
      ),
    });
  });

  it.each([
    ["another api-key's (another workspace, a rotated key)", OTHER_KEY],
    [
      "a record-key's, read with the api-key's",
      deriveRecordKey("a-dedicated-record-key-0000000001"),
    ],
  ])("readRecordBlock refuses a record signed with %s", (_what, key) => {
    const record = recordOf([entryOf("a.png", "a", 1)]);
    const { block } = writeWith(record, RECORD_ROOM, key);
    expect(readRecordBlock(block, "check run 3").kind).toBe("unusable");
    expect(readWith(block, "check run 3", key)).toEqual({ kind: "record", record });
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
    [
      "its base64 cut short",
      (b: string) => b.replace(/^(<!-- content-review:record v2 \S{8})\S+/, "$1"),
    ],
    [
      "one base64 character changed",
      (b: string) => b.replace(/v2 (.)/, (_m, c: string) => `v2 ${c === "A" ? "B" : "A"}`),
    ],
    ["its version changed to 1", (b: string) => b.replace("record v2 ", "record v1 ")],
    [
      "a forged block put before it",
      (b: string) => `${forged(b, (r) => ({ ...r, entries: [] }))}\n${b}`,
    ],
  ])("readRecordBlock uses nothing of a genuine block with %s", (_what, damage) => {
    const record = recordOf([entryOf("ad.txt", "1", 1)]);
    const genuine = writeRecordBlock(record, RECORD_ROOM).block;
    expect(readRecordBlock(genuine, "check run 8")).toEqual({ kind: "record", record });
    const damaged = damage(genuine);
    expect(damaged).not.toBe(genuine);
    expect(readRecordBlock(damaged, "check run 8").kind).toBe("unusable");
  });
});
