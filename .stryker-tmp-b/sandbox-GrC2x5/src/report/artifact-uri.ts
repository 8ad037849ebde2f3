/**
 * The SARIF `artifactLocation.uri` of a displayed path. A repository path stays relative (code
 * scanning resolves it against the repository root), each segment percent-encoded so that names
 * with spaces, `#` or `%` still form a valid URI reference. An absolute path (the CLI shows one for
 * a file outside the working directory) becomes a `file:` URI: a bare `C:/...` would otherwise
 * read as a URI with the scheme `c`.
 */
// @ts-nocheck

export function artifactUri(displayPath: string): string {
  const path = displayPath.split("\\").join("/");
  const encoded = path
    .split("/")
    // encodeURIComponent also encodes `:`, so no relative segment can read as a scheme.
    .map((segment, i) =>
      i === 0 && /^[A-Za-z]:$/.test(segment) ? segment : encodeURIComponent(segment),
    )
    .join("/");
  if (/^[A-Za-z]:\//.test(path)) return `file:///${encoded}`;
  if (path.startsWith("/")) return `file://${encoded}`;
  return encoded;
}
