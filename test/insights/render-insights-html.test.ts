import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { renderInsightsHtml } from "../../src/insights/index.ts";
import { tempDir } from "../cli/cli-harness.ts";
import { chromiumPath, describeWithChromium } from "../helpers/chromium.ts";
import { ROOT } from "../helpers/docs-shell.ts";
import { reportFixture } from "./insights-fixture.ts";

/** Debian's chromium, installed by .ci/run (`apt-get install chromium`). */
const CHROMIUM = chromiumPath();

interface Opened {
  readonly page: Page;
  readonly problems: string[];
  readonly requests: string[];
}

describeWithChromium("renderInsightsHtml in headless Chromium", () => {
  let browser: Browser;
  let page: Page;
  let dir: { path: string; remove: () => Promise<void> };
  /** What the page reported since the report now open was opened. */
  let seen: { problems: string[]; requests: string[] } = { problems: [], requests: [] };
  let opened = 0;

  // One browser and one page, offline, for the file: each report is a navigation to a file of
  // its own, which starts a new document (a page per report costs a renderer's start each).
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    const context = await browser.newContext({ offline: true });
    page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning")
        seen.problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => seen.problems.push(`pageerror: ${e.message}`));
    page.on("request", (r) => seen.requests.push(r.url()));
    dir = await tempDir();
  });
  afterAll(async () => {
    await browser?.close();
    await dir?.remove();
  });

  /** Opens the report from a file, offline, recording console errors and every request. */
  async function open(html: string, name: string, width = 1280): Promise<Opened> {
    opened += 1;
    const file = join(dir.path, `${opened}-${name}`);
    await writeFile(file, html);
    await page.setViewportSize({ width, height: 900 });
    seen = { problems: [], requests: [] };
    const { problems, requests } = seen;
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    return { page, problems, requests };
  }

  /** How many of the elements are drawn with a size (one round trip to the browser). */
  async function renderedCount(page: Page, selector: string): Promise<number> {
    const boxes = await page
      .locator(selector)
      .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()));
    return boxes.filter((box) => box.width > 0 && box.height > 0).length;
  }

  it.each([
    [7, 4],
    [30, 6],
  ])(
    "a %i-day report with %i rules: every chart drawn, no console errors, nothing loaded",
    async (days, rules) => {
      const report = reportFixture(days, rules);
      const { page, problems, requests } = await open(renderInsightsHtml(report), `r${days}.html`);
      expect(problems).toEqual([]);
      expect(requests).toEqual([expect.stringMatching(/^file:/)]);
      expect(await page.title()).toBe(
        `Content review insights: last ${days} day${days === 1 ? "" : "s"}`,
      );
      // A point per day with assets; a day without assets is a gap in the line, not 0%.
      const measured = report.violationRate.filter((p) => p.total > 0).length;
      expect(measured).toBeLessThan(days);
      expect(await renderedCount(page, 'svg[data-chart="violation-rate"] circle.point')).toBe(
        measured,
      );
      const path = await page
        .locator('svg[data-chart="violation-rate"] path.series')
        .getAttribute("d");
      const runs = report.violationRate.filter(
        (p, i, all) => p.total > 0 && (i === 0 || all[i - 1]!.total === 0),
      ).length;
      expect(path!.match(/M/g)).toHaveLength(runs);
      expect(path!.match(/[ML]/g)).toHaveLength(measured);
      expect(await renderedCount(page, 'svg[data-chart="duration"] rect.bar')).toBe(3);
      expect(await renderedCount(page, 'svg[data-chart="top-violations"] rect.bar')).toBe(rules);
      // Taller bars for larger values: p95 over p50.
      const p50 = await page.locator('svg[data-chart="duration"] rect.bar').nth(1).boundingBox();
      const p95 = await page.locator('svg[data-chart="duration"] rect.bar').nth(2).boundingBox();
      expect(p95!.height).toBeGreaterThan(p50!.height);
      await expect(page.locator(".figure .value").first().textContent()).resolves.toBe(
        "14 h 55 min",
      );
    },
  );

  /**
   * Each character of each element's text with the top of its box (null when not drawn); a
   * function of the page, written as text since this project's types have no DOM.
   */
  const CHAR_TOPS = new Function(
    "nodes",
    `return nodes.map((node) => {
    const chars = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
      for (let i = 0; i < text.textContent.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const rect = range.getBoundingClientRect();
        chars.push({ char: text.textContent[i], top: rect.width > 0 ? rect.top : null });
      }
    }
    return chars;
  })`,
  ) as (nodes: unknown[]) => unknown;

  /**
   * Where the text of each element wraps: for every line break, the characters from the last
   * one drawn on a line to the first one drawn on the next (a space at a line's end is not drawn).
   */
  async function lineBreaks(page: Page, selector: string): Promise<string[]> {
    const perNode = (await page.locator(selector).evaluateAll(CHAR_TOPS)) as {
      char: string;
      top: number | null;
    }[][];
    return perNode.flatMap((chars) => {
      const breaks: string[] = [];
      let last = -1;
      for (const [i, { top }] of chars.entries()) {
        if (top === null) continue;
        if (last >= 0 && top > chars[last]!.top! + 1) {
          breaks.push(
            chars
              .slice(last, i + 1)
              .map((c) => c.char)
              .join(""),
          );
        }
        last = i;
      }
      return breaks;
    });
  }

  it.each([1280, 420])(
    "at %i px: a rule code in its card breaks only after an underscore, never inside a word",
    async (width) => {
      const long = "OFFER_DISCOUNT_WITHOUT_VISIBLE_TERMS_IN_FOOTER";
      for (const code of ["CLAIM_GUARANTEE", "PERSONAL_DATA_EMAIL", long]) {
        const report = {
          ...reportFixture(30, 6),
          topViolations: [{ ruleCode: code, count: 31 }],
        };
        const { page, problems } = await open(
          renderInsightsHtml(report),
          `card-${width}.html`,
          width,
        );
        expect(problems).toEqual([]);
        const breaks = await lineBreaks(page, ".figure .value");
        // A line ends at a space or after an underscore.
        for (const at of breaks) expect(at, `${code} at ${width} px`).toMatch(/^_|\s/);
        const codeBreaks = await lineBreaks(
          page,
          `.figure:has(.label:text-is("most frequent rule (31)")) .value`,
        );
        // CLAIM_GUARANTEE stays whole (its card is wide); the long one wraps at underscores.
        if (code === "CLAIM_GUARANTEE") expect(codeBreaks, code).toEqual([]);
        if (code === long) expect(codeBreaks.length).toBeGreaterThan(0);
      }
    },
  );

  it.each([
    [7, 1280],
    [14, 1280],
    [14, 420],
    [30, 1280],
    [30, 420],
    [90, 420],
    [90, 1280],
  ])(
    "a %i-day trend at %i px: no two x-axis labels overlap, and the last day is labelled",
    async (days, width) => {
      const report = reportFixture(days, 3);
      const { page, problems } = await open(renderInsightsHtml(report), `axis-${days}.html`, width);
      expect(problems).toEqual([]);
      const labels = await page
        .locator('svg[data-chart="violation-rate"] text:not(.tick)')
        .evaluateAll((nodes) =>
          nodes.map((n) => {
            const box = n.getBoundingClientRect();
            return { text: n.textContent ?? "", left: box.left, right: box.right };
          }),
        );
      expect(labels.length).toBeGreaterThanOrEqual(Math.min(days, 3));
      expect(labels.at(-1)!.text).toBe(report.violationRate.at(-1)!.date.slice(5));
      for (let i = 1; i < labels.length; i++) {
        expect(labels[i]!.left, `${labels[i - 1]!.text} / ${labels[i]!.text}`).toBeGreaterThan(
          labels[i - 1]!.right,
        );
      }
      // Every label inside the chart.
      const svg = await page.locator('svg[data-chart="violation-rate"]').boundingBox();
      expect(labels[0]!.left).toBeGreaterThanOrEqual(svg!.x);
      expect(labels.at(-1)!.right).toBeLessThanOrEqual(svg!.x + svg!.width);
    },
  );

  it("the per-day table collapses each run of days without assets into one row", async () => {
    const base = reportFixture(30, 3);
    const report = {
      ...base,
      violationRate: base.violationRate.map((p, i) =>
        i < 25 || i === 27 ? { ...p, total: 0, withViolations: 0, rate: 0 } : p,
      ),
    };
    const { page, problems } = await open(renderInsightsHtml(report), "collapsed.html");
    expect(problems).toEqual([]);
    const rows = await page
      .locator("section.chart-section table tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent).join(" | ")),
      );
    expect(rows).toEqual([
      "2026-10-24 – 2026-11-17 | no assets (25 days) | 0 | 0",
      expect.stringMatching(/^2026-11-18 \| [\d.]+% \|/),
      expect.stringMatching(/^2026-11-19 \| [\d.]+% \|/),
      "2026-11-20 | no assets | 0 | 0",
      expect.stringMatching(/^2026-11-21 \| [\d.]+% \|/),
      expect.stringMatching(/^2026-11-22 \| [\d.]+% \|/),
    ]);
    // The chart tells the same: a point for each of the four days with assets.
    expect(await renderedCount(page, 'svg[data-chart="violation-rate"] circle.point')).toBe(4);
  });

  it("draws the charts docs/cli.md promises: one per insight with a series, none for time saved", async () => {
    const doc = await readFile(join(ROOT, "docs", "cli.md"), "utf8");
    const said = doc.slice(doc.indexOf("## Produce the insights report"));
    // The service gives time saved as totals only, and the page says so rather than promise a chart.
    expect(said).toMatch(
      /time saved \(headline figures only: the service gives a total and a per-asset\s+figure/,
    );
    expect(said).toMatch(
      /violation-rate trend per day, processing\s+duration \(average, p50, p95\) and the top rule violations, each as a chart/,
    );
    const { page } = await open(renderInsightsHtml(reportFixture(7, 3)), "charts.html");
    const charts = await page
      .locator("svg[data-chart]")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-chart")));
    expect(charts).toEqual(["violation-rate", "duration", "top-violations"]);
  });

  it("tick labels equal the tick values (0.25 s, not 0.3 s), on round steps", async () => {
    const report = {
      ...reportFixture(7, 3),
      duration: { avgSeconds: 0.6, p50Seconds: 0.5, p95Seconds: 0.9, sampleCount: 12 },
    };
    const { page, problems } = await open(renderInsightsHtml(report), "ticks.html");
    expect(problems).toEqual([]);
    for (const chart of ["duration", "violation-rate"]) {
      const ticks = page.locator(`svg[data-chart="${chart}"] text.tick`);
      const shown = await ticks.evaluateAll((nodes) =>
        nodes.map((n) => ({
          value: Number(n.getAttribute("data-value")),
          label: n.textContent ?? "",
        })),
      );
      expect(shown.length).toBeGreaterThanOrEqual(3);
      for (const { value, label } of shown) expect(Number.parseFloat(label)).toBe(value);
      // Evenly spaced, from 0 up to at least the largest value.
      const step = shown[1]!.value - shown[0]!.value;
      expect(shown[0]!.value).toBe(0);
      for (const [i, t] of shown.entries()) expect(t.value).toBeCloseTo(i * step, 9);
    }
    const durations = await page.locator('svg[data-chart="duration"] text.tick').allTextContents();
    expect(durations).toEqual(["0 s", "0.25 s", "0.5 s", "0.75 s", "1 s"]);
  });

  it("at 420 px wide: no sideways scrolling, chart text readable, a long rule code wraps in its card", async () => {
    const code = "OFFER_DISCOUNT_WITHOUT_VISIBLE_TERMS_IN_FOOTER";
    const report = {
      ...reportFixture(30, 6),
      topViolations: [{ ruleCode: code, count: 31 }, ...reportFixture(30, 5).topViolations],
    };
    const { page, problems } = await open(renderInsightsHtml(report), "narrow.html", 420);
    expect(problems).toEqual([]);
    const width = (await page.evaluate(
      "({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })",
    )) as { scroll: number; client: number };
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    // Every card holds its value: nothing sticks out sideways.
    const cards = await page
      .locator(".figure")
      .evaluateAll((nodes) =>
        nodes.map((n) => ({ scroll: n.scrollWidth, client: n.clientWidth, text: n.textContent })),
      );
    expect(cards.some((c) => c.text?.includes(code))).toBe(true);
    for (const card of cards) expect(card.scroll, card.text ?? "").toBeLessThanOrEqual(card.client);
    const value = await page.locator(".figure .value", { hasText: code }).boundingBox();
    const card = await page.locator(".figure", { hasText: code }).boundingBox();
    expect(value!.x + value!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(value!.height).toBeGreaterThan(30); // it wrapped onto more than one line
    // Chart text is drawn at least 9 px high, and the long code is whole in the bar chart.
    const heights = await page
      .locator("svg[data-chart] text")
      .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(9);
    await expect(
      page.locator('svg[data-chart="top-violations"] text', { hasText: code }).count(),
    ).resolves.toBe(1);
  });

  it("an empty workspace says no data yet, not 0% (0 of 0) or p50 0 s", async () => {
    const empty = reportFixture(7, 0);
    const report = {
      ...empty,
      timeSaved: {
        ...empty.timeSaved,
        assetCount: 0,
        avgTimeSavedSeconds: 0,
        totalTimeSavedSeconds: 0,
      },
      violationRate: empty.violationRate.map((p) => ({
        ...p,
        total: 0,
        withViolations: 0,
        rate: 0,
      })),
      duration: { avgSeconds: 0, p50Seconds: 0, p95Seconds: 0, sampleCount: 0 },
    };
    const { page, problems } = await open(renderInsightsHtml(report), "no-data.html");
    expect(problems).toEqual([]);
    const values = await page.locator(".figure .value").allTextContents();
    expect(values).toEqual(Array(6).fill("no data yet"));
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).not.toMatch(/0% \(0 of 0\)|p50 0 s|0 s/);
    await expect(page.locator('svg[data-chart="violation-rate"] text').textContent()).resolves.toBe(
      "No assets were reviewed in this period",
    );
  });

  it("an empty period shows its notes instead of bars, still without errors", async () => {
    const report = {
      ...reportFixture(3, 0),
      violationRate: [],
      duration: { avgSeconds: 0, p50Seconds: 0, p95Seconds: 0, sampleCount: 0 },
    };
    const { page, problems } = await open(renderInsightsHtml(report), "empty.html");
    expect(problems).toEqual([]);
    expect(
      await page.locator("svg[data-chart] rect.bar, svg[data-chart] circle.point").count(),
    ).toBe(0);
    await expect(page.locator('svg[data-chart="top-violations"] text').textContent()).resolves.toBe(
      "No rule violations in this period",
    );
  });

  it("service text cannot inject markup", async () => {
    const report = {
      ...reportFixture(2, 1),
      topViolations: [{ ruleCode: "<script>alert(1)</script>", count: 2 }],
    };
    const html = renderInsightsHtml(report);
    expect(html).not.toContain("<script>");
    const { page, problems } = await open(html, "hostile.html");
    expect(problems).toEqual([]);
    expect(await page.locator("script").count()).toBe(0);
    await expect(
      page.locator('svg[data-chart="top-violations"] rect.bar title').textContent(),
    ).resolves.toBe("<script>alert(1)</script>: 2 issues");
  });
});
