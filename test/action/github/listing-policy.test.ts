import { describe, expect, it } from "vitest";
import {
  decideListing,
  describeListing,
  type ListingAttempt,
} from "../../../src/action/github/listing-policy.ts";

const cutPr: ListingAttempt = { source: "pull-request-files", result: "truncated" };
const cutCompare: ListingAttempt = { source: "compare", result: "truncated" };
const gitDown: ListingAttempt = { source: "git", result: "unavailable", detail: "no checkout" };
const treesDown: ListingAttempt = { source: "trees", result: "unavailable", detail: "truncated" };

describe("decideListing", () => {
  it.each<[string, ListingAttempt[], ReturnType<typeof decideListing>]>([
    [
      "a whole list from GitHub's API",
      [{ source: "compare", result: "complete" }],
      { kind: "use", source: "compare" },
    ],
    ["a PR list cut at its limit: git first", [cutPr], { kind: "try", source: "git" }],
    ["a compare cut at its limit: git first", [cutCompare], { kind: "try", source: "git" }],
    ["git could not list: the trees next", [cutPr, gitDown], { kind: "try", source: "trees" }],
    [
      "git listed the rest",
      [cutPr, { source: "git", result: "complete" }],
      { kind: "use", source: "git" },
    ],
    [
      "the trees listed the rest",
      [cutCompare, gitDown, { source: "trees", result: "complete" }],
      { kind: "use", source: "trees" },
    ],
  ])("decideListing: %s", (_what, attempts, decision) => {
    expect(decideListing(attempts)).toEqual(decision);
  });

  it.each([
    [
      [cutPr, gitDown, treesDown],
      "GitHub's pull request files API lists only the first 3,000 files",
    ],
    [[cutCompare, gitDown, treesDown], "GitHub's compare API lists only the first 300 files"],
  ])(
    "decideListing fails when no source lists the rest, naming the limit, each source and what to do",
    (attempts, limit) => {
      const decision = decideListing(attempts);
      expect(decision.kind).toBe("fail");
      const reason = (decision as { reason: string }).reason;
      expect(reason).toContain(limit);
      expect(reason).toContain("git in the checked-out repository: no checkout");
      expect(reason).toContain("GitHub's Git trees API: truncated");
      expect(reason).toMatch(/cannot pass: check the repository out .* or split the change\.$/);
    },
  );
});

describe("describeListing", () => {
  it.each([
    [
      "pull-request-files",
      undefined,
      12,
      "12 changed files listed by GitHub's pull request files API.",
    ],
    ["compare", undefined, 1, "1 changed file listed by GitHub's compare API."],
    [
      "git",
      "pull-request-files",
      3001,
      "3,001 changed files listed by git in the checked-out repository: GitHub's pull request files API lists only the first 3,000 files.",
    ],
    [
      "trees",
      "compare",
      301,
      "301 changed files listed by GitHub's Git trees API: GitHub's compare API lists only the first 300 files.",
    ],
  ] as const)("describeListing(%s, %s, %d)", (source, cut, count, text) => {
    expect(describeListing(source, cut, count)).toBe(text);
  });
});
