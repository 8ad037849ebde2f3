// @ts-nocheck
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderInsightsHtml } from "../../src/insights/index.ts";
import { tempDir } from "../cli/cli-harness.ts";
import { reportFixture } from "./insights-fixture.ts";

/** Debian's chromium, installed by .ci/run (`apt-get install chromium`). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Opened {
  readonly page: Page;
  readonly problems: string[];
  readonly requests: string[];
}

describe("renderInsightsHtml in headless Chromium", () => {
  let browser: Browser;
  let dir: { path: string; remove: () => Promise<void> };

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    dir = await tempDir();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await dir?.remove();
  });

  /** Opens the report from a file, offline, recording console errors and every request. */
  async function open(html: string, name: string, width = 1280): Promise<Opened> {
    const file = join(dir.path, name);
    await writeFile(file, html);
    const context = await browser.newContext({ offline: true, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("request", (r) => requests.push(r.url()));
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
      await page.context().close();
    },
  );

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
    await page.context().close();
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
    await page.context().close();
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
    await page.context().close();
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
    await page.context().close();
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
    await page.context().close();
  });
});
