// @ts-nocheck
import { type Issue, mediaTypeForFilename } from "../api/index.ts";

/** Where in a text file an issue points: a 1-based line, and the quoted text when known. */
export interface IssueLocation {
  readonly line: number;
  readonly quote: string | null;
}

/** Anchor fields that may carry the line, in order of preference. */
const LINE_FIELDS = Object.freeze(["line", "startLine"] as const);

function positiveInteger(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * The line an issue's anchor points at, read defensively: the spec does not show the anchor's
 * shape (part 2.5), so only a positive integer under `line` or `startLine` counts. Null means
 * "the whole file": no line is known.
 */
export function issueLocation(issue: Pick<Issue, "anchor">): IssueLocation | null {
  const anchor = issue.anchor;
  if (anchor === null || typeof anchor !== "object") return null;
  let line: number | null = null;
  for (const field of LINE_FIELDS) {
    line = positiveInteger(anchor[field]);
    if (line !== null) break;
  }
  if (line === null) return null;
  const quote =
    typeof anchor["quote"] === "string" && anchor["quote"] !== "" ? anchor["quote"] : null;
  return { line, quote };
}

/**
 * {@link issueLocation} for an issue of the file `filename`: only text files have lines. A line
 * in a document's anchor counts within its page, and media have none, so both get null (the
 * whole file).
 */
export function issueLocationIn(
  filename: string,
  issue: Pick<Issue, "anchor">,
): IssueLocation | null {
  return mediaTypeForFilename(filename)?.category === "text" ? issueLocation(issue) : null;
}
