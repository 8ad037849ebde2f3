/**
 * Untrusted text in markdown (issue 4, "Safety"): text from the service or from file names
 * must not inject HTML, ping people, link issues, or smuggle links with other schemes.
 */
// @ts-nocheck


const HTML_ESCAPES: Readonly<Record<string, string>> = Object.freeze({
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
});

/** Markdown punctuation that could start links, images, emphasis, code or table cells. */
const MARKDOWN_SPECIALS = /[\\`*_[\]()!|~]/g;

/** A zero-width space between `@`/`#` and what follows stops mentions and references. */
const ZERO_WIDTH = "&#8203;";
/** A private-use character standing in for {@link ZERO_WIDTH} while escaping. */
const MARK = "\uE000";

/**
 * Escapes untrusted text for GitHub markdown: HTML is escaped, markdown punctuation is
 * backslash-escaped (so no `[text](javascript:...)` link can form), and `@mentions` and
 * `#123` references are defused. Bare http(s) URLs stay readable (GitHub autolinks only those).
 * With `inline`, line breaks collapse to spaces (for headings, list items and table cells).
 */
export function sanitizeMarkdown(text: string, options: { inline?: boolean } = {}): string {
  // Mentions and references are marked first, so that the entities written below are never
  // mistaken for references themselves.
  let out = text.replace(/([@#])(?=[\p{L}\p{N}_-])/gu, `$1${MARK}`);
  out = out.replace(/[&<>]/g, (c) => HTML_ESCAPES[c] ?? c);
  out = out.replace(MARKDOWN_SPECIALS, (c) => `\\${c}`);
  out = out.split(MARK).join(ZERO_WIDTH);
  // Control characters other than newline and tab have no place in a report.
  out = out.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
  if (options.inline) out = out.replace(/\s*\r?\n\s*/g, " ").trim();
  return out;
}

/**
 * A markdown link when `url` is http(s), else the label alone: no other scheme ever becomes a
 * link. The label is sanitized; parentheses in the URL are percent-encoded.
 */
export function safeLink(url: string | undefined | null, label: string): string {
  const text = sanitizeMarkdown(label || url || "", { inline: true });
  if (!url || !URL.canParse(url)) return text;
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return text;
  const href = parsed.href.replace(/\(/g, "%28").replace(/\)/g, "%29").replace(/ /g, "%20");
  return `[${text}](${href})`;
}

/** Inline code for untrusted text such as file names: a fence longer than any backtick run. */
export function inlineCode(text: string): string {
  const flat = text.replace(/[\r\n]+/g, " ");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}
