// @ts-nocheck
import { describe, expect, it } from "vitest";
import { buildTopics } from "../../../emulator/review/build-topics.ts";
import { reviewContent } from "../../../emulator/review/review-content.ts";

const assetId = "8d0b1f3e-6c1a-4b8e-9a57-2f7e1d3c4b5a";
const review = (pages: string[]) =>
  reviewContent({
    assetId,
    category: "document",
    facts: {},
    pages,
    sidekickIds: ["s"],
    at: "2026-01-01T00:00:00.000Z",
  });

describe("buildTopics", () => {
  it("clusters issues of one root cause and leaves lone issues as orphans", () => {
    const result = buildTopics(
      assetId,
      review(["guaranteed #1", "write to a@b.co"]),
      "2026-01-01T00:00:00.000Z",
    );
    expect(result.topics).toHaveLength(1);
    expect(result.topics[0]).toMatchObject({ topicType: "root_cause", issueCount: 2 });
    expect(result.orphanIssues.map((i) => i.ruleCode)).toEqual(["PERSONAL_DATA_EMAIL"]);
    expect(result.metadata).toEqual({ totalTopics: 1, orphanIssueCount: 1 });
  });

  it("groups unrelated issues that share a page", () => {
    const result = buildTopics(
      assetId,
      review(["act now, mail a@b.co"]),
      "2026-01-01T00:00:00.000Z",
    );
    expect(result.topics).toHaveLength(1);
    expect(result.topics[0]).toMatchObject({ topicType: "shared_anchor", issueCount: 2 });
    expect(result.orphanIssues).toEqual([]);
  });

  it("never serves the internal topic key", () => {
    const result = buildTopics(assetId, review(["guaranteed #1"]), "2026-01-01T00:00:00.000Z");
    const issues = (result.topics[0] as { issues: object[] }).issues;
    for (const issue of issues) expect(issue).not.toHaveProperty("topicKey");
  });
});
