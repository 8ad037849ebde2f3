// @ts-nocheck
import { escapeHtml } from "./escape-html.ts";

/** One value on a chart; `tooltip` is shown on hover (an SVG `<title>`). */
export interface ChartDatum {
  readonly label: string;
  /** Null when there is nothing to measure (a day without assets): a gap, not a zero. */
  readonly value: number | null;
  readonly tooltip: string;
}

/** Options shared by the charts. */
export interface ChartOptions {
  /** Names the chart in `data-chart`, so it can be found and checked. */
  readonly id: string;
  readonly title: string;
  readonly data: readonly ChartDatum[];
  /** Top of the value axis; at least the largest value. */
  readonly max?: number;
  /** Label of a value; ticks are round numbers (1, 2, 2.5 or 5 times a power of ten). @default exactNumber */
  readonly tick?: (value: number) => string;
  /** Shown instead of an empty plot. */
  readonly emptyText?: string;
}

/** Drawing sizes, in the charts' own units: text stays readable when a chart is shrunk to a phone's width. */
const WIDTH = 520;
const FONT_SIZE = 14;
const FONT = `font-family="system-ui, sans-serif" font-size="${FONT_SIZE}" fill="#57606a"`;
const TICKS = 4;

function fmt(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** A number as it is, without float noise: 0.25 stays "0.25", 0.1 + 0.2 is "0.3". */
export function exactNumber(n: number): string {
  return String(Number(n.toPrecision(12)));
}

/**
 * Round tick values from 0 up to at least `max`: a step of 1, 2, 2.5 or 5 times a power of ten,
 * so that every label shows its value exactly (0.25 s, never a rounded "0.3 s").
 */
export function niceTicks(max: number, count = TICKS): number[] {
  const rough = Math.max(max, Number.MIN_VALUE) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const n = Math.max(1, Math.ceil(max / step - 1e-9));
  return Array.from({ length: n + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

function open(options: ChartOptions, width: number, height: number): string {
  const title = escapeHtml(options.title);
  const drawn = options.data.filter((d) => d.value !== null).length;
  return `<svg class="chart" data-chart="${escapeHtml(options.id)}" data-count="${drawn}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${title}"><title>${title}</title>`;
}

function empty(options: ChartOptions, width: number, height: number): string {
  return `${open(options, width, height)}<text x="${width / 2}" y="${height / 2}" text-anchor="middle" ${FONT}>${escapeHtml(options.emptyText ?? "No data")}</text></svg>`;
}

/** The value axis: round ticks up to the largest value (or `max`). */
function valueAxis(options: ChartOptions): number[] {
  const values = options.data.map((d) => d.value ?? 0);
  return niceTicks(Math.max(options.max ?? 0, ...values) || 1);
}

/** A horizontal grid line and its label per tick (`text.tick`, its value in `data-value`). */
function grid(
  ticks: readonly number[],
  y: (v: number) => number,
  x1: number,
  x2: number,
  tick: (v: number) => string,
): string[] {
  return ticks.flatMap((v) => [
    `<line x1="${x1}" x2="${x2}" y1="${fmt(y(v))}" y2="${fmt(y(v))}" stroke="#d0d7de" stroke-width="1"/>`,
    `<text class="tick" data-value="${v}" x="${x1 - 6}" y="${fmt(y(v) + 5)}" text-anchor="end" ${FONT}>${escapeHtml(tick(v))}</text>`,
  ]);
}

/**
 * A line with one marker (`circle.point`) per measured datum; a datum without a value leaves a
 * gap in the line (one `path.series` with a move per run of values).
 */
export function renderLineChartSvg(options: ChartOptions): string {
  const width = WIDTH;
  const height = 260;
  if (options.data.every((d) => d.value === null)) return empty(options, width, 120);
  const m = { left: 56, right: 16, top: 16, bottom: 40 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const ticks = valueAxis(options);
  const max = ticks.at(-1)!;
  const tick = options.tick ?? exactNumber;
  const n = options.data.length;
  const x = (i: number) => m.left + (n === 1 ? plotW / 2 : (plotW * i) / (n - 1));
  const y = (v: number) => m.top + plotH * (1 - v / max);
  const parts = [open(options, width, height), ...grid(ticks, y, m.left, width - m.right, tick)];
  const every = Math.ceil(n / 6);
  options.data.forEach((d, i) => {
    if (i % every === 0 || i === n - 1) {
      // The last label ends at its point, so that it stays inside the chart.
      const anchor = i === n - 1 && n > 1 ? "end" : "middle";
      parts.push(
        `<text x="${fmt(x(i))}" y="${height - m.bottom + 20}" text-anchor="${anchor}" ${FONT}>${escapeHtml(d.label)}</text>`,
      );
    }
  });
  let path = "";
  options.data.forEach((d, i) => {
    if (d.value === null) return;
    const joined = i > 0 && options.data[i - 1]!.value !== null;
    path += `${joined ? "L" : "M"}${fmt(x(i))},${fmt(y(d.value))} `;
  });
  parts.push(
    `<path class="series" fill="none" stroke="#0969da" stroke-width="2" d="${path.trim()}"/>`,
  );
  options.data.forEach((d, i) => {
    if (d.value === null) return;
    parts.push(
      `<circle class="point" cx="${fmt(x(i))}" cy="${fmt(y(d.value))}" r="4" fill="#0969da" data-value="${fmt(d.value)}"><title>${escapeHtml(d.tooltip)}</title></circle>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}

/** Vertical bars (`rect.bar`), one per datum, labelled below and valued on top. */
export function renderColumnChartSvg(options: ChartOptions): string {
  const width = WIDTH;
  const height = 240;
  if (options.data.length === 0) return empty(options, width, 120);
  const m = { left: 56, right: 16, top: 24, bottom: 36 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const ticks = valueAxis(options);
  const max = ticks.at(-1)!;
  const tick = options.tick ?? exactNumber;
  const y = (v: number) => m.top + plotH * (1 - v / max);
  const slot = plotW / options.data.length;
  const barW = Math.min(120, slot * 0.6);
  const parts = [open(options, width, height), ...grid(ticks, y, m.left, width - m.right, tick)];
  options.data.forEach((d, i) => {
    const value = d.value ?? 0;
    const h = (plotH * value) / max;
    const cx = m.left + slot * i + slot / 2;
    const top = m.top + plotH - h;
    parts.push(
      `<rect class="bar" x="${fmt(cx - barW / 2)}" y="${fmt(top)}" width="${fmt(barW)}" height="${fmt(h)}" fill="#0969da" data-value="${fmt(value)}"><title>${escapeHtml(d.tooltip)}</title></rect>`,
      `<text x="${fmt(cx)}" y="${fmt(top - 6)}" text-anchor="middle" ${FONT}>${escapeHtml(tick(value))}</text>`,
      `<text x="${fmt(cx)}" y="${height - m.bottom + 20}" text-anchor="middle" ${FONT}>${escapeHtml(d.label)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}

/**
 * Horizontal bars (`rect.bar`), one row per datum: the label above its bar, across the whole
 * width (long rule codes stay whole), the value at the end of the bar.
 */
export function renderBarChartSvg(options: ChartOptions): string {
  const width = WIDTH;
  const row = 44;
  if (options.data.length === 0) return empty(options, width, 120);
  const m = { left: 4, right: 56, top: 6, bottom: 6 };
  const height = m.top + m.bottom + row * options.data.length;
  const plotW = width - m.left - m.right;
  const max = Math.max(options.max ?? 0, ...options.data.map((d) => d.value ?? 0), 1);
  const tick = options.tick ?? exactNumber;
  // Characters that fit across the chart at this font size (about 0.6 em each).
  const fits = Math.floor(width / (FONT_SIZE * 0.6));
  const parts = [open(options, width, height)];
  options.data.forEach((d, i) => {
    const yy = m.top + row * i;
    const value = d.value ?? 0;
    const w = (plotW * value) / max;
    const label = d.label.length > fits ? `${d.label.slice(0, fits - 1)}…` : d.label;
    parts.push(
      `<text x="${m.left}" y="${yy + 16}" ${FONT}>${escapeHtml(label)}</text>`,
      `<rect class="bar" x="${m.left}" y="${yy + 22}" width="${fmt(w)}" height="16" fill="#cf222e" data-value="${fmt(value)}"><title>${escapeHtml(d.tooltip)}</title></rect>`,
      `<text x="${fmt(m.left + w + 6)}" y="${yy + 35}" ${FONT}>${escapeHtml(tick(value))}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}
