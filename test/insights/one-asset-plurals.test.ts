import { describe, expect, it } from "vitest";
import {
  formatInsightsSlack,
  renderInsightsHtml,
  renderInsightsMarkdown,
} from "../../src/insights/index.ts";
import { reportFixture } from "./insights-fixture.ts";

/** A one-day report of one asset: every count reads in the singular. */
function oneAssetReport() {
  const report = reportFixture(1, 1);
  return {
    ...report,
    timeSaved: { ...report.timeSaved, assetCount: 1 },
    duration: { ...report.duration, sampleCount: 1 },
  };
}

describe("insights renderers with one asset", () => {
  it.each([
    ["markdown", renderInsightsMarkdown, ["over 1 asset (", "1 asset: p50", "last 1 day"]],
    ["html", renderInsightsHtml, ["time saved over 1 asset", "1 asset measured.", "last 1 day"]],
    ["slack", formatInsightsSlack, ["over 1 asset", "last 1 day*"]],
  ] as const)(
    "insights %s says 1 asset and 1 day, never 1 assets or 1 days",
    (_, render, wanted) => {
      const text = render(oneAssetReport());
      for (const phrase of wanted) expect(text).toContain(phrase);
      expect(text).not.toMatch(/\b1 (assets|days)\b/);
    },
  );
});
