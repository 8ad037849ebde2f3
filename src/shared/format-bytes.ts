/** Decimal units, as the service states its limits (part 8: 5 GB, 500 MB): 1 kB is 1000 bytes. */
const UNITS = Object.freeze([
  [1e12, "TB"],
  [1e9, "GB"],
  [1e6, "MB"],
  [1e3, "kB"],
] as const);

/**
 * A byte count for people, in the one convention of every output of the toolkit (CLI, Action,
 * errors): SI units with one decimal, `16.0 kB`, `40.0 MB`; under 1000, `812 B`.
 *
 * @example formatBytes(16_044) // "16.0 kB"
 */
export function formatBytes(bytes: number): string {
  for (const [size, unit] of UNITS)
    if (bytes >= size) return `${(bytes / size).toFixed(1)} ${unit}`;
  return `${bytes} B`;
}
