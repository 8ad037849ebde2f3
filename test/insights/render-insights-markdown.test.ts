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

  it("draws three mermaid xy charts: a bar per day with assets, duration bars, top-violation bars", () => {
    const [trend, duration, top] = mermaidBlocks(markdown);
    expect(trend).toMatch(/^xychart-beta\n/);
    // Days without assets have no rate: left out, never drawn as 0%.
    const measured = report.violationRate.filter((p) => p.total > 0);
    expect(measured.length).toBeLessThan(report.violationRate.length);
    expect(series(trend!, "line")).toEqual([]);
    expect(series(trend!, "bar")).toEqual(measured.map((p) => Math.round(p.rate * 1000) / 10));
    expect(series(trend!, "bar")).not.toContain(0);
    expect(trend).toContain(`x-axis [${measured.map((p) => `"${p.date.slice(5)}"`).join(", ")}]`);
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

  it("collapses each run of days without assets into one row of the per-day table", () => {
    const base = reportFixture(30, 2);
    const text = renderInsightsMarkdown({
      ...base,
      violationRate: base.violationRate.map((p, i) =>
        i < 25 || i === 27 ? { ...p, total: 0, withViolations: 0, rate: 0 } : p,
      ),
    });
    const rows = text.split("\n").filter((l) => /^\| 2026-/.test(l));
    expect(rows).toEqual([
      "| 2026-10-24 – 2026-11-17 | no assets (25 days) | 0 | 0 |",
      expect.stringMatching(/^\| 2026-11-18 \| [\d.]+% \|/),
      expect.stringMatching(/^\| 2026-11-19 \| [\d.]+% \|/),
      "| 2026-11-20 | no assets | 0 | 0 |",
      expect.stringMatching(/^\| 2026-11-21 \| [\d.]+% \|/),
      expect.stringMatching(/^\| 2026-11-22 \| [\d.]+% \|/),
    ]);
    // The chart and the table tell the same: four days with a rate.
    expect(series(mermaidBlocks(text)[0]!, "bar")).toHaveLength(4);
  });

  it("draws no all-zero line when no day had assets", () => {
    const base = reportFixture(7, 0);
    const text = renderInsightsMarkdown({
      ...base,
      violationRate: base.violationRate.map((p) => ({
        ...p,
        total: 0,
        withViolations: 0,
        rate: 0,
      })),
    });
    expect(text).not.toMatch(/ {2}(line|bar) \[0(, 0)*\]/);
    expect(text).toContain("### Violation rate per day\n\nNo assets were reviewed in this period.");
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
