// @ts-nocheck
import { describe, expect, it } from "vitest";
import { renderInsightsMarkdown } from "../../src/insights/index.ts";
import { reportFixture } from "./insights-fixture.ts";

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

function series(block: string, kind: "line" | "bar"): number[] {
  const match = block.match(new RegExp(`^  ${kind} \\[(.*)\\]$`, "m"));
  return match ? match[1]!.split(", ").map(Number) : [];
}

describe("renderInsightsMarkdown", () => {
  const report = reportFixture(7, 4);
  const markdown = renderInsightsMarkdown(report);

  it("has the headline figures of the four insights", () => {
    expect(markdown).toContain("## Content review insights: last 7 days");
    expect(markdown).toContain("| Time saved | 14 h 55 min over 30 assets");
    expect(markdown).toMatch(/\| Assets with violations \| [\d.]+% \(\d+ of \d+\) \|/);
    expect(markdown).toContain(
      "| Processing duration | p50 9 s, p95 41.2 s (average 12.5 s, 30 samples) |",
    );
    expect(markdown).toContain("| Most frequent rule | `CLAIM_GUARANTEE` (24) |");
  });

  it("draws three mermaid xy charts: a line per day, duration bars, top-violation bars", () => {
    const [trend, duration, top] = mermaidBlocks(markdown);
    expect(trend).toMatch(/^xychart-beta\n/);
    expect(series(trend!, "line")).toHaveLength(7);
    expect(series(trend!, "line")).toEqual(
      report.violationRate.map((p) => Math.round(p.rate * 1000) / 10),
    );
    expect(trend).toContain('y-axis "%" 0 --> 100');
    expect(series(duration!, "bar")).toEqual([12.5, 9, 41.2]);
    expect(top).toMatch(/^xychart-beta horizontal\n/);
    expect(series(top!, "bar")).toEqual([24, 20, 16, 12]);
    expect(top).toContain(
      'x-axis ["CLAIM_GUARANTEE", "CLAIM_CLINICAL", "URGENCY_PRESSURE", "OFFER_FREE_NO_TERMS"]',
    );
  });

  it("keeps service text from breaking tables or charts", () => {
    const hostile = reportFixture(2, 1);
    const text = renderInsightsMarkdown({
      ...hostile,
      topViolations: [{ ruleCode: 'A|B"<img src=x>\n## x', count: 3 }],
    });
    const top = mermaidBlocks(text)[2]!;
    expect(top).toContain(`x-axis ["A|B'img src=x ## x"]`);
    expect(text).toContain('| 1 | `A\\|B"<img src=x> ## x` | 3 |');
    expect(text.split("\n").filter((l) => l.startsWith("## "))).toHaveLength(1);
  });

  it("says so instead of drawing empty charts", () => {
    const empty = renderInsightsMarkdown({
      ...reportFixture(3, 0),
      violationRate: [],
      duration: { avgSeconds: 0, p50Seconds: 0, p95Seconds: 0, sampleCount: 0 },
    });
    expect(mermaidBlocks(empty)).toHaveLength(0);
    expect(empty).toContain("No assets were reviewed in this period.");
    expect(empty).toContain("No assets finished processing in this period.");
    expect(empty).toContain("No rule violations in this period.");
  });
});
