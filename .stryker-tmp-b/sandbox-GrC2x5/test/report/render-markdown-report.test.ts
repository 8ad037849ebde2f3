// @ts-nocheck
import { describe, expect, it } from "vitest";
import {
  describeReuse,
  renderAssetMarkdown,
  renderJsonReport,
  renderMarkdownReport,
  renderSeverityChart,
} from "../../src/report/index.ts";
import { assetWith, issueWith, outcomeWith } from "./outcome-fixture.ts";

describe("renderMarkdownReport", () => {
  it("renderMarkdownReport shows findings by severity with details folded", () => {
    const outcome = outcomeWith([
      assetWith("media/a.mp4", [
        issueWith("1", "minor", "Small thing"),
        issueWith("2", "critical", "Big thing"),
      ]),
    ]);
    const md = renderMarkdownReport(outcome);
    expect(md).toContain("❌ failed");
    expect(md.indexOf("Big thing")).toBeLessThan(md.indexOf("Small thing"));
    expect(md).toContain("<details><summary>Details</summary>");
    expect(md).toContain("[Big thing](https://precedents.example.com/a)");
    expect(md).not.toContain("/runner/work");
  });

  it("renderMarkdownReport stays under the limit and never cuts a details block", () => {
    const long = "x".repeat(3000);
    const assets = Array.from({ length: 60 }, (_, i) =>
      assetWith(`media/f${i}.png`, [
        issueWith(`${i}a`, "major", long),
        issueWith(`${i}b`, "info", long),
      ]),
    );
    const md = renderMarkdownReport(outcomeWith(assets), {
      maxLength: 65_000,
      fullReportHint: "See the JSON report.",
    });
    expect(md.length).toBeLessThanOrEqual(65_000);
    expect(md.split("<details>").length).toBe(md.split("</details>").length);
    expect(md).toContain("The report was cut short");
    expect(md).toContain("See the JSON report.");
  });

  it("renderMarkdownReport marks reused files with the commit that reviewed them and states the credits saved", () => {
    const reused = assetWith("media/old.mp4", [issueWith("1", "major", "Still there")], {
      reused: { submissionId: "s-1", reviewedIn: "abc1234".padEnd(40, "0"), credits: 3 },
    });
    const fresh = assetWith("media/new.mp4", [], { blobPath: "new/new.mp4" });
    const outcome = {
      ...outcomeWith([reused, fresh]),
      estimate: {
        totalCredits: 2,
        files: [{ file: fresh.file, blobPath: "new/new.mp4", credits: 2, priceable: true }],
      },
    };
    const md = renderMarkdownReport(outcome);
    expect(md).toContain("2 files reviewed · 1 unchanged file reused (3 credits saved)");
    expect(md).toContain("| `media/old.mp4` | 1 major · unchanged since abc1234 | 0 (3 saved) |");
    expect(md).toContain("| `media/new.mp4` | no issues | 2 |");
    expect(md).toContain("### `media/old.mp4`: 1 major (unchanged since abc1234)");
    expect(md).toContain("Still there");
    const json = renderJsonReport(outcome, { name: "t", version: "1" });
    expect(json).toMatchObject({ reusedCount: 1, creditsSaved: 3 });
    expect(json["assets"]).toMatchObject([
      { path: "media/old.mp4", credits: 0, reused: { submissionId: "s-1", creditsSaved: 3 } },
      { path: "media/new.mp4", credits: 2, reused: null },
    ]);
  });

  it.each([
    ["a commit", "f".repeat(40), "unchanged since fffffff"],
    ["a date-time", "2026-11-22T10:31:05Z", "unchanged since 2026-11-22T10:31:05Z"],
  ])("describeReuse names %s", (_what, reviewedIn, text) => {
    expect(describeReuse({ submissionId: "s", reviewedIn, credits: 1 })).toBe(text);
  });

  it("renderMarkdownReport adds the chart only when asked", () => {
    const outcome = outcomeWith([assetWith("a.png", [issueWith("1", "major", "m")])]);
    expect(renderMarkdownReport(outcome)).not.toContain("```mermaid");
    expect(renderMarkdownReport(outcome, { chart: true })).toContain("```mermaid");
  });
});

describe("renderAssetMarkdown", () => {
  it("renderAssetMarkdown lists new and resolved issues of a later version", () => {
    const now = issueWith("n", "major", "New claim");
    const asset = assetWith("a.txt", [now], {
      versionNumber: 3,
      diff: {
        previousVersionNumber: 2,
        newIssues: [now],
        resolvedIssues: [issueWith("o", "critical", "Old claim")],
      },
    });
    const md = renderAssetMarkdown(asset);
    expect(md).toContain("Version 3: 1 new and 1 resolved since version 2.");
    expect(md).toMatch(/~~.*Old claim.*~~/);
  });

  it("renderAssetMarkdown shows a failed asset's message", () => {
    const md = renderAssetMarkdown(
      assetWith("a.txt", [], {
        status: "failed",
        failure: {
          errorMessage: "Boom <b>",
          errorType: "unreadable_media",
          isRetryable: false,
          retryCount: 0,
        },
      }),
    );
    expect(md).toContain("Review failed (unreadable\\_media): Boom &lt;b&gt;");
  });
});

describe("renderSeverityChart", () => {
  it("renderSeverityChart draws non-empty slices only", () => {
    expect(renderSeverityChart({ critical: 1, major: 0, minor: 2, info: 0, other: 0 })).toBe(
      '```mermaid\npie showData title Issues by severity\n    "critical" : 1\n    "minor" : 2\n```',
    );
    expect(renderSeverityChart({})).toBe("No issues found.");
  });
});
