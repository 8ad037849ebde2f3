/**
 * The text of an SVG's `text`, `tspan`, `title` and `desc` elements, one per line.
 * The attribute part excludes `<`, so a run of unclosed tags is read in linear time.
 */
// @ts-nocheck

export function svgText(svg: string): string {
  return [...svg.matchAll(/<(?:text|tspan|title|desc)[^<>]*>([^<]*)</gi)]
    .map((m) => m[1])
    .join("\n");
}
