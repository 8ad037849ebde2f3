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
  async function open(html: string, name: string): Promise<Opened> {
    const file = join(dir.path, name);
    await writeFile(file, html);
    const context = await browser.newContext({ offline: true });
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

  async function renderedCount(page: Page, selector: string): Promise<number> {
    const items = page.locator(selector);
    const n = await items.count();
    let drawn = 0;
    for (let i = 0; i < n; i++) {
      const box = await items.nth(i).boundingBox();
      if (box && box.width > 0 && box.height > 0) drawn += 1;
    }
    return drawn;
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
      expect(await renderedCount(page, 'svg[data-chart="violation-rate"] circle.point')).toBe(days);
      expect(await page.locator('svg[data-chart="violation-rate"] polyline.series').count()).toBe(
        1,
      );
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
