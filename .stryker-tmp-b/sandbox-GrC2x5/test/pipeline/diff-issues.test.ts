// @ts-nocheck
import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/api/index.ts";
import { collectIssues, diffIssues } from "../../src/pipeline/index.ts";

const issue = (id: string, ruleCode: string, summary: string, severity = "major"): Issue => ({
  id,
  assetId: "a",
  summary,
  severity,
  ruleCode,
});

describe("diffIssues", () => {
  it("diffIssues matches issues across versions by rule and summary, not id", () => {
    const previous = [issue("1", "A", "Same thing"), issue("2", "B", "Gone")];
    const current = [issue("9", "A", "  same   THING "), issue("8", "C", "New")];
    const { newIssues, resolvedIssues } = diffIssues(previous, current);
    expect(newIssues.map((i) => i.id)).toEqual(["8"]);
    expect(resolvedIssues.map((i) => i.id)).toEqual(["2"]);
  });

  it("diffIssues treats repeated findings as a multiset", () => {
    const { newIssues, resolvedIssues } = diffIssues(
      [issue("1", "A", "x")],
      [issue("2", "A", "x"), issue("3", "A", "x")],
    );
    expect(newIssues.map((i) => i.id)).toEqual(["3"]);
    expect(resolvedIssues).toEqual([]);
  });
});

describe("collectIssues", () => {
  it("collectIssues lists each issue once across topics and orphans", () => {
    const a = issue("1", "A", "x");
    const b = issue("2", "B", "y");
    expect(
      collectIssues([{ issues: [a, b] }, { issues: [a] }], [b, issue("3", "C", "z")]).map(
        (i) => i.id,
      ),
    ).toEqual(["1", "2", "3"]);
  });
});
