import { escapeHtml } from "./escape-html.ts";

/** One value on a chart; `tooltip` is shown on hover (an SVG `<title>`). */
export interface ChartDatum {
  readonly label: string;
  readonly value: number;
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
  /** Tick label of a value. @default String */
  readonly tick?: (value: number) => string;
  /** Shown instead of an empty plot. */
  readonly emptyText?: string;
}

const FONT = `font-family="system-ui, sans-serif" font-size="11" fill="#57606a"`;

function fmt(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function open(options: ChartOptions, width: number, height: number): string {
  const title = escapeHtml(options.title);
  return `<svg class="chart" data-chart="${escapeHtml(options.id)}" data-count="${options.data.length}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${title}"><title>${title}</title>`;
}

function empty(options: ChartOptions, width: number, height: number): string {
  return `${open(options, width, height)}<text x="${width / 2}" y="${height / 2}" text-anchor="middle" ${FONT}>${escapeHtml(options.emptyText ?? "No data")}</text></svg>`;
}

function axisMax(options: ChartOptions): number {
  return Math.max(options.max ?? 0, ...options.data.map((d) => d.value), 1);
}

/** A line with one marker (`circle.point`) per datum, on a grid of five value ticks. */
export function renderLineChartSvg(options: ChartOptions): string {
  const width = 720;
  const height = 260;
  if (options.data.length === 0) return empty(options, width, 120);
  const m = { left: 52, right: 20, top: 16, bottom: 40 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const max = axisMax(options);
  const tick = options.tick ?? String;
  const n = options.data.length;
  const x = (i: number) => m.left + (n === 1 ? plotW / 2 : (plotW * i) / (n - 1));
  const y = (v: number) => m.top + plotH * (1 - v / max);
  const parts = [open(options, width, height)];
  for (let t = 0; t <= 4; t++) {
    const v = (max * t) / 4;
    parts.push(
      `<line x1="${m.left}" x2="${width - m.right}" y1="${fmt(y(v))}" y2="${fmt(y(v))}" stroke="#d0d7de" stroke-width="1"/>`,
      `<text x="${m.left - 6}" y="${fmt(y(v) + 4)}" text-anchor="end" ${FONT}>${escapeHtml(tick(v))}</text>`,
    );
  }
  const every = Math.ceil(n / 10);
  options.data.forEach((d, i) => {
    if (i % every === 0 || i === n - 1) {
      parts.push(
        `<text x="${fmt(x(i))}" y="${height - m.bottom + 18}" text-anchor="middle" ${FONT}>${escapeHtml(d.label)}</text>`,
      );
    }
  });
  const points = options.data.map((d, i) => `${fmt(x(i))},${fmt(y(d.value))}`).join(" ");
  parts.push(
    `<polyline class="series" fill="none" stroke="#0969da" stroke-width="2" points="${points}"/>`,
  );
  options.data.forEach((d, i) => {
    parts.push(
      `<circle class="point" cx="${fmt(x(i))}" cy="${fmt(y(d.value))}" r="4" fill="#0969da" data-value="${fmt(d.value)}"><title>${escapeHtml(d.tooltip)}</title></circle>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}

/** Vertical bars (`rect.bar`), one per datum, labelled below and valued on top. */
export function renderColumnChartSvg(options: ChartOptions): string {
  const width = 720;
  const height = 240;
  if (options.data.length === 0) return empty(options, width, 120);
  const m = { left: 52, right: 20, top: 20, bottom: 36 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const max = axisMax(options);
  const tick = options.tick ?? String;
  const slot = plotW / options.data.length;
  const barW = Math.min(120, slot * 0.6);
  const parts = [open(options, width, height)];
  for (let t = 0; t <= 4; t++) {
    const yy = m.top + plotH * (1 - t / 4);
    parts.push(
      `<line x1="${m.left}" x2="${width - m.right}" y1="${fmt(yy)}" y2="${fmt(yy)}" stroke="#d0d7de" stroke-width="1"/>`,
      `<text x="${m.left - 6}" y="${fmt(yy + 4)}" text-anchor="end" ${FONT}>${escapeHtml(tick((max * t) / 4))}</text>`,
    );
  }
  options.data.forEach((d, i) => {
    const h = (plotH * d.value) / max;
    const cx = m.left + slot * i + slot / 2;
    const top = m.top + plotH - h;
    parts.push(
      `<rect class="bar" x="${fmt(cx - barW / 2)}" y="${fmt(top)}" width="${fmt(barW)}" height="${fmt(h)}" fill="#0969da" data-value="${fmt(d.value)}"><title>${escapeHtml(d.tooltip)}</title></rect>`,
      `<text x="${fmt(cx)}" y="${fmt(top - 5)}" text-anchor="middle" ${FONT}>${escapeHtml(tick(d.value))}</text>`,
      `<text x="${fmt(cx)}" y="${height - m.bottom + 18}" text-anchor="middle" ${FONT}>${escapeHtml(d.label)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}

/** Horizontal bars (`rect.bar`), one row per datum, label on the left and value at the end. */
export function renderBarChartSvg(options: ChartOptions): string {
  const width = 720;
  const row = 28;
  if (options.data.length === 0) return empty(options, width, 120);
  const m = { left: 220, right: 60, top: 10, bottom: 10 };
  const height = m.top + m.bottom + row * options.data.length;
  const plotW = width - m.left - m.right;
  const max = axisMax(options);
  const tick = options.tick ?? String;
  const parts = [open(options, width, height)];
  options.data.forEach((d, i) => {
    const yy = m.top + row * i;
    const w = (plotW * d.value) / max;
    const label = d.label.length > 32 ? `${d.label.slice(0, 31)}…` : d.label;
    parts.push(
      `<text x="${m.left - 8}" y="${yy + row / 2 + 4}" text-anchor="end" ${FONT}>${escapeHtml(label)}</text>`,
      `<rect class="bar" x="${m.left}" y="${yy + 4}" width="${fmt(w)}" height="${row - 8}" fill="#cf222e" data-value="${fmt(d.value)}"><title>${escapeHtml(d.tooltip)}</title></rect>`,
      `<text x="${fmt(m.left + w + 6)}" y="${yy + row / 2 + 4}" ${FONT}>${escapeHtml(tick(d.value))}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}
