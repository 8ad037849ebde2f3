import { plural } from "../policy/index.ts";
import { escapeHtml } from "./escape-html.ts";
import { formatPercent, formatSeconds, NO_DATA } from "./format-figures.ts";
import type { InsightsSummary } from "./summarize-insights.ts";

/** A value without spaces longer than this (a rule code) gets a card two columns wide. */
const WIDE_VALUE = 10;

/**
 * A headline figure; `null` for a figure with nothing behind it yet ("no data yet", not "0%").
 * A rule code gets a wide card, so that `CLAIM_GUARANTEE` stays whole; one too long even for
 * that breaks after an underscore (`<wbr>`), never inside a word.
 */
function figure(value: string | null, label: string): string {
  const wide = value !== null && !value.includes(" ") && value.length > WIDE_VALUE;
  const shown =
    value === null
      ? `<div class="value none">${NO_DATA}</div>`
      : `<div class="value">${escapeHtml(value).replaceAll("_", "_<wbr>")}</div>`;
  return `<div class="figure${wide ? " wide" : ""}">${shown}<div class="label">${escapeHtml(label)}</div></div>`;
}

/** The page's headline figure cards. */
export function insightsHtmlFigures(s: InsightsSummary): string {
  const reviewed = s.assetsReviewed > 0;
  const measured = s.durationSamples > 0;
  return [
    figure(
      reviewed ? formatSeconds(s.totalTimeSavedSeconds) : null,
      reviewed ? `time saved over ${plural(s.assetsReviewed, "asset")}` : "time saved",
    ),
    figure(
      reviewed ? formatSeconds(s.avgTimeSavedSeconds) : null,
      `saved per asset (baseline ${formatSeconds(s.manualBaselineSeconds)})`,
    ),
    figure(
      s.assetsInPeriod > 0 ? formatPercent(s.violationRate) : null,
      s.assetsInPeriod > 0
        ? `assets with violations (${s.assetsWithViolations} of ${s.assetsInPeriod})`
        : "assets with violations",
    ),
    figure(measured ? formatSeconds(s.p50Seconds) : null, "processing duration p50"),
    figure(measured ? formatSeconds(s.p95Seconds) : null, "processing duration p95"),
    figure(
      s.topRule ? s.topRule.ruleCode : reviewed ? "none" : null,
      s.topRule ? `most frequent rule (${s.topRule.count})` : "most frequent rule",
    ),
  ].join("");
}
