import { describe, expect, it, vi } from "vitest";
import { fitMarkdown, renderMarkdownReport } from "../../src/report/index.ts";
import { renderAssetMarkdown } from "../../src/report/render-asset-markdown.ts";
import { assetWith, issueWith, outcomeWith } from "./outcome-fixture.ts";

vi.mock("../../src/report/render-asset-markdown.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/report/render-asset-markdown.ts")>();
  return { ...actual, renderAssetMarkdown: vi.fn(actual.renderAssetMarkdown) };
});

describe("fitMarkdown", () => {
  it("fitMarkdown renders a lazy block only when its turn comes, and none after the cut", () => {
    const rendered: number[] = [];
    const blocks = Array.from({ length: 100 }, (_, i) => ({
      full: () => {
        rendered.push(i);
        return `${i}`.padEnd(1000, ".");
      },
    }));
    const text = fitMarkdown(blocks, 10_000, (dropped) => `${dropped} more`);
    expect(text.length).toBeLessThanOrEqual(10_000);
    const shown = text.split("\n\n").length - 1;
    // The blocks shown, and the one that did not fit; never the 90 after it.
    expect(rendered).toEqual(Array.from({ length: shown + 1 }, (_, i) => i));
  });
});

describe("renderMarkdownReport", () => {
  it("renderMarkdownReport renders only the files that fit, not every file of a large review", () => {
    const render = vi.mocked(renderAssetMarkdown);
    render.mockClear();
    const assets = Array.from({ length: 3000 }, (_, i) =>
      assetWith(`media/f${i}.txt`, [issueWith(`${i}`, "major", "Act now".padEnd(400, "!"))]),
    );
    const md = renderMarkdownReport(outcomeWith(assets), { maxLength: 65_000 });
    const shown = md.split("### ").length - 1;
    expect(shown).toBeGreaterThan(10);
    // Each file shown is rendered at most twice (full, then compact when the full one does not
    // fit), and so is the first one that does not fit at all; never the thousands after it.
    expect(render.mock.calls.length).toBeLessThanOrEqual(2 * (shown + 1));
  });
});
