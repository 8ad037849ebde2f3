import { escapeHtml } from "./escape-html.ts";

/** A plain HTML table; the columns at `numeric` are right-aligned. */
export function htmlTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: readonly number[],
): string {
  const cls = (i: number) => (numeric.includes(i) ? ' class="num"' : "");
  const head = headers.map((h, i) => `<th${cls(i)}>${escapeHtml(h)}</th>`).join("");
  const body = rows
    .map((r) => `<tr>${r.map((c, i) => `<td${cls(i)}>${escapeHtml(c)}</td>`).join("")}</tr>`)
    .join("");
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
