import { isAbsolute, resolve } from "node:path";
import { Minimatch } from "minimatch";

/** `@actions/glob`'s matching options, so that `files` means what it meant when it globbed. */
const OPTIONS = {
  dot: true,
  nobrace: true,
  nocase: process.platform === "win32",
  nocomment: true,
  noext: true,
  nonegate: true,
} as const;

/**
 * A test of an absolute path against the `files` patterns, relative to the workspace, the last
 * matching pattern winning (`!` excludes). A pattern ending in `/` names a folder, which is
 * never a file to review, so it matches nothing (as `@actions/glob` without implicit
 * descendants).
 */
export function matchPatterns(
  patterns: readonly string[],
  workspace: string,
  /** Match regardless of case, to find what differs from a pattern only in case. */
  { nocase = OPTIONS.nocase }: { nocase?: boolean } = {},
): (path: string) => boolean {
  const compiled = patterns
    .filter((p) => p.trim() !== "" && !p.endsWith("/"))
    .map((pattern) => {
      const negate = pattern.startsWith("!");
      const body = negate ? pattern.slice(1) : pattern;
      const absolute = isAbsolute(body) ? body : resolve(workspace, body);
      return { negate, matcher: new Minimatch(absolute, { ...OPTIONS, nocase }) };
    });
  return (path) => {
    let matched = false;
    for (const { negate, matcher } of compiled) {
      if (matcher.match(path)) matched = !negate;
    }
    return matched;
  };
}
