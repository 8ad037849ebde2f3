import { describe, expect, it } from "vitest";
import { ACCEPTANCE_POLICY, parseAcceptedFile } from "../../src/acceptance/index.ts";

const NOW = new Date("2026-11-29T12:00:00Z");
const CONTENT = "3f1c0a".padEnd(40, "0");
const PATH = ".content-review/accepted.yml";

/** One entry as YAML list item lines, with `fields` replacing or removing (null) defaults. */
function entry(fields: Record<string, string | null> = {}): string {
  const all: Record<string, string | null> = {
    path: "media/spring-ad.mp4",
    content: CONTENT,
    issue: "9b2e41d0",
    reason: "Legal approved this claim on 2026-11-20 (LEG-142)",
    "accepted-by": '"@acme/legal"',
    expires: "2027-03-01",
    ...fields,
  };
  const lines = Object.entries(all)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}: ${v}`);
  return [`  - ${lines[0]}`, ...lines.slice(1).map((l) => `    ${l}`)].join("\n");
}

const file = (...entries: string[]) => `accepted:\n${entries.join("\n")}\n`;

describe("parseAcceptedFile", () => {
  it("parseAcceptedFile reads a good entry with its line", () => {
    const parsed = parseAcceptedFile(file(entry()), PATH, NOW);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      {
        line: 2,
        path: "media/spring-ad.mp4",
        content: CONTENT,
        issue: "9b2e41d0",
        reason: "Legal approved this claim on 2026-11-20 (LEG-142)",
        by: "@acme/legal",
        expires: "2027-03-01",
      },
    ]);
  });

  it("parseAcceptedFile keeps a quoted path exactly as written, spaces included", () => {
    const parsed = parseAcceptedFile(file(entry({ path: '" media/ad.txt"' })), PATH, NOW);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries.map((e) => e.path)).toEqual([" media/ad.txt"]);
  });

  it("parseAcceptedFile keeps an accept id of digits as written", () => {
    const parsed = parseAcceptedFile(file(entry({ issue: "12345678" })), PATH, NOW);
    expect(parsed.entries[0]?.issue).toBe("12345678");
  });

  it.each([
    ["an unknown key", { owner: "me" }, /unknown key "owner"/],
    ["a missing reason", { reason: null }, /"reason" is missing/],
    ["a missing expires", { expires: null }, /"expires" is missing/],
    ["a missing accepted-by", { "accepted-by": null }, /"accepted-by" is missing/],
    ["an empty reason", { reason: '""' }, /"reason" must be why/],
    ["a date in the past", { expires: "2026-11-28" }, /expired on 2026-11-28/],
    [
      "a date more than a year ahead",
      { expires: "2027-11-30" },
      /more than a year ahead; write 2027-11-29 or earlier/,
    ],
    [
      "a date that is not one",
      { expires: "2027-02-30" },
      /"expires" must be a date written YYYY-MM-DD/,
    ],
    [
      "a short content id",
      { content: "3f1c0a" },
      /"content" must be the file version's 40-character content id/,
    ],
    ["a bad accept id", { issue: "nope" }, /"issue" must be the issue's 8-character accept id/],
  ])(
    "parseAcceptedFile refuses %s at its line, and the rest still applies",
    (_, fields, message) => {
      const parsed = parseAcceptedFile(
        file(entry(), entry(fields), entry({ issue: '"*"' })),
        PATH,
        NOW,
      );
      expect(parsed.entries.map((e) => [e.line, e.issue])).toEqual([
        [2, "9b2e41d0"],
        [expect.any(Number), "*"],
      ]);
      expect(parsed.problems).toHaveLength(1);
      expect(parsed.problems[0]!.line).toBe(8);
      expect(parsed.problems[0]!.message).toMatch(/^This entry counts for nothing: /);
      expect(parsed.problems[0]!.message).toMatch(message);
    },
  );

  it("parseAcceptedFile counts the last day of an acceptance and the day a year ahead", () => {
    const today = parseAcceptedFile(
      file(entry({ expires: "2026-11-29" }), entry({ expires: "2027-11-29" })),
      PATH,
      NOW,
    );
    expect(today.problems).toEqual([]);
    expect(today.entries).toHaveLength(2);
  });

  it("parseAcceptedFile keeps an expired entry apart, so that the run can say so on its file", () => {
    const parsed = parseAcceptedFile(file(entry({ expires: "2026-01-01" })), PATH, NOW);
    expect(parsed.entries).toEqual([]);
    expect(parsed.expired.map((e) => [e.line, e.expires])).toEqual([[2, "2026-01-01"]]);
  });

  it("parseAcceptedFile marks malformed YAML in one entry at its line and keeps the others", () => {
    const text = file(entry(), entry({ reason: "approved: by legal" }), entry());
    const parsed = parseAcceptedFile(text, PATH, NOW);
    expect(parsed.entries.map((e) => e.line)).toEqual([2, 14]);
    expect(parsed.problems).toEqual([
      {
        line: 8,
        message: expect.stringMatching(
          /^This entry counts for nothing: Malformed YAML: Nested mappings/,
        ),
      },
    ]);
  });

  it("parseAcceptedFile names an unknown top-level key at its line", () => {
    const parsed = parseAcceptedFile(`${file(entry())}ignored: []\n`, PATH, NOW);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.problems).toEqual([
      { line: 8, message: 'Unknown key "ignored": the file holds one list, "accepted".' },
    ]);
  });

  it("parseAcceptedFile refuses a file over 1 MiB whole, with one problem", () => {
    const big = `${file(entry())}# ${"x".repeat(ACCEPTANCE_POLICY.maxBytes)}\n`;
    const parsed = parseAcceptedFile(big, PATH, NOW);
    expect(parsed.entries).toEqual([]);
    expect(parsed.problems).toEqual([
      { line: 1, message: expect.stringMatching(/over the 1 MiB limit: nothing in it counts/) },
    ]);
  });

  it("parseAcceptedFile refuses a file of more than 10,000 entries whole, and reads 10,000", () => {
    // Bad entries are the shortest: 10,001 good ones would not fit in 1 MiB.
    const many = (n: number) => `accepted:\n${"  - {}\n".repeat(n)}`;
    expect(parseAcceptedFile(many(10_000), PATH, NOW).problems).toHaveLength(10_000);
    const refused = parseAcceptedFile(many(10_001), PATH, NOW);
    expect(refused.entries).toEqual([]);
    expect(refused.problems).toEqual([
      {
        line: 1,
        message: expect.stringMatching(
          /10001 entries, over the limit of 10000: nothing in it counts/,
        ),
      },
    ]);
  });

  it("parseAcceptedFile reads an empty file as no entries", () => {
    expect(parseAcceptedFile("", PATH, NOW)).toEqual({
      path: PATH,
      entries: [],
      expired: [],
      problems: [],
    });
  });
});
