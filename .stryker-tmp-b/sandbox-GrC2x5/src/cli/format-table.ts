/** One column of a table: its heading and how to read a row's cell. */
// @ts-nocheck

export interface Column<Row> {
  readonly header: string;
  readonly value: (row: Row) => string | number | boolean | null | undefined;
  /** Applied after padding, so colour codes do not upset alignment. */
  readonly paint?: (text: string, row: Row) => string;
  readonly align?: "left" | "right";
}

function cellText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === "") return "-";
  return String(value).replace(/\s+/g, " ");
}

/**
 * A plain-text table with a heading row, columns padded to their widest cell, two spaces
 * between columns and no trailing spaces. An empty list gives `emptyText`.
 */
export function formatTable<Row>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  emptyText = "(none)",
): string {
  if (rows.length === 0) return `${emptyText}\n`;
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => line[i]!.length)),
  );
  const pad = (text: string, i: number) =>
    columns[i]!.align === "right" ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
  const header = columns.map((column, i) => pad(column.header.toUpperCase(), i));
  const lines = [header.join("  ").trimEnd()];
  for (const [r, line] of cells.entries()) {
    const painted = line.map((text, i) => {
      const padded = pad(text, i);
      const paint = columns[i]!.paint;
      if (!paint) return padded;
      // Paint the text, keep the padding plain.
      return padded.replace(text, paint(text, rows[r]!));
    });
    lines.push(painted.join("  ").trimEnd());
  }
  return `${lines.join("\n")}\n`;
}

/** `key: value` lines with the keys aligned; nullish values show as `-`. */
export function formatFields(
  fields: readonly (readonly [string, string | number | boolean | null | undefined])[],
): string {
  const width = Math.max(...fields.map(([key]) => key.length));
  return `${fields.map(([key, value]) => `${`${key}:`.padEnd(width + 1)} ${cellText(value)}`).join("\n")}\n`;
}
