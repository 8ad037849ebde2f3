import { describe, expect, it } from "vitest";
import {
  type AcceptedEntry,
  type AcceptedFile,
  acceptId,
  matchAccepted,
} from "../../src/acceptance/index.ts";
import type { Issue } from "../../src/api/index.ts";

const V1 = "1".repeat(40);
const V2 = "2".repeat(40);

const issue = (id: string, ruleCode: string, line = 1): Issue => ({
  id,
  assetId: "a",
  summary: `Finding ${ruleCode}`,
  severity: "critical",
  ruleCode,
  sidekickId: "brand",
  anchor: { type: "text", line, quote: "Act now" },
});

const entry = (path: string, content: string, id: string, line = 2): AcceptedEntry => ({
  line,
  path,
  content,
  issue: id,
  reason: "ok",
  by: "@acme/legal",
  expires: "2027-03-01",
});

const file = (entries: AcceptedEntry[], expired: AcceptedEntry[] = []): AcceptedFile => ({
  path: ".content-review/accepted.yml",
  entries,
  expired,
  problems: [],
});

describe("acceptId", () => {
  it("acceptId is the same for the same issue under a new issue id, and differs by rule, anchor, summary or sidekick", () => {
    const a = issue("uuid-1", "R1");
    expect(acceptId(a)).toMatch(/^[0-9a-f]{8}$/);
    const again: Issue = { ...a, id: "uuid-2" };
    expect(acceptId(again)).toBe(acceptId(a));
    // The anchor's key order does not matter.
    expect(acceptId({ ...a, anchor: { quote: "Act now", line: 1, type: "text" } })).toBe(
      acceptId(a),
    );
    for (const other of [
      { ...a, ruleCode: "R2" },
      { ...a, anchor: { ...a.anchor, line: 2 } },
      { ...a, summary: "Another finding" },
      { ...a, sidekickId: "legal" },
    ])
      expect(acceptId(other)).not.toBe(acceptId(a));
  });
});

describe("matchAccepted", () => {
  const issues = [issue("x1", "R1"), issue("x2", "R2")];
  const versions = [
    { path: "media/a.txt", content: V1, issues },
    { path: "media/b.txt", content: V1, issues: [issue("y1", "R1")] },
  ];

  it("matchAccepted accepts the issue an entry names on its file version, and nothing else", () => {
    const result = matchAccepted(versions, file([entry("media/a.txt", V1, acceptId(issues[0]!))]));
    expect([...result.versions[0]!.accepted.keys()]).toEqual(["x1"]);
    expect(result.versions[0]!.accepted.get("x1")).toEqual({
      by: "@acme/legal",
      reason: "ok",
      expires: "2027-03-01",
    });
    // The same issue on another file is not accepted.
    expect(result.versions[1]!.accepted.size).toBe(0);
    expect(result.unmatched).toEqual([]);
  });

  it('matchAccepted accepts with "*" every issue of that version and no other', () => {
    const result = matchAccepted(versions, file([entry("media/a.txt", V1, "*")]));
    expect([...result.versions[0]!.accepted.keys()]).toEqual(["x1", "x2"]);
    expect(result.versions[1]!.accepted.size).toBe(0);
  });

  it.each([
    [
      "another version of the file",
      entry("media/a.txt", V2, "*"),
      /has changed since \(its content id is now 1{40}\)/,
    ],
    [
      "a file not in the run",
      entry("media/c.txt", V1, "*"),
      /media\/c\.txt is not among the files of this run/,
    ],
    [
      "an accept id the version does not have",
      entry("media/a.txt", V1, "deadbeef"),
      /has no issue with accept id deadbeef/,
    ],
  ])("matchAccepted accepts nothing for %s, and says why", (_, e, why) => {
    const result = matchAccepted(versions, file([e]));
    expect(result.versions.every((v) => v.accepted.size === 0)).toBe(true);
    expect(result.unmatched).toEqual([{ entry: e, why: expect.stringMatching(why) }]);
  });

  it("matchAccepted accepts nothing of a version whose content id is unknown", () => {
    const result = matchAccepted(
      [{ path: "media/a.txt", content: undefined, issues }],
      file([entry("media/a.txt", V1, "*")]),
    );
    expect(result.versions[0]!.accepted.size).toBe(0);
  });

  it("matchAccepted lists expired entries on their version, accepting nothing", () => {
    const expired = entry("media/a.txt", V1, "*", 9);
    const result = matchAccepted(versions, file([], [expired]));
    expect(result.versions[0]).toEqual({ accepted: new Map(), expired: [expired] });
    expect(result.versions[1]!.expired).toEqual([]);
  });
});
