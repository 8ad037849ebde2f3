import { formatCount } from "../../shared/format-count.ts";

/**
 * Where the changed files of an event are listed, and what a run does when a list is cut short.
 * GitHub's APIs list a bounded number of files; a gate that passes what it never listed is worse
 * than none, so a cut list is completed another way or the run fails (docs/action.md, "Listing
 * limits").
 */

/** A way to list an event's changed files. */
export type ListingSource = "pull-request-files" | "compare" | "git" | "trees";

/** How each source is named in the log and the job summary. */
export const LISTING_SOURCE_LABELS: Readonly<Record<ListingSource, string>> = Object.freeze({
  "pull-request-files": "GitHub's pull request files API",
  compare: "GitHub's compare API",
  git: "git in the checked-out repository",
  trees: "GitHub's Git trees API",
});

/**
 * How many files a source lists at most; a list that long may be cut short. Git has no limit;
 * the trees API says itself when it cut a tree (`truncated`, past 100,000 entries or 7 MB).
 */
export const LISTING_LIMITS: Readonly<Partial<Record<ListingSource, number>>> = Object.freeze({
  "pull-request-files": 3000,
  compare: 300,
});

/** The sources that complete a cut list, in the order they are tried. */
export const COMPLETING_SOURCES: readonly ListingSource[] = Object.freeze(["git", "trees"]);

/** What one source gave: the whole list, a list cut short, or nothing (with why). */
export interface ListingAttempt {
  readonly source: ListingSource;
  readonly result: "complete" | "truncated" | "unavailable";
  /** Why the source could not list, for the failure's reason. */
  readonly detail?: string;
}

/** Use a source's list, try the next source, or fail naming the limit and what to do. */
export type ListingDecision =
  | { readonly kind: "use"; readonly source: ListingSource }
  | { readonly kind: "try"; readonly source: ListingSource }
  | { readonly kind: "fail"; readonly reason: string };

/**
 * Decides from the attempts so far (the first is GitHub's API): a complete list is used; while
 * one is missing, the next completing source is tried; when none is left, the run fails.
 */
export function decideListing(attempts: readonly ListingAttempt[]): ListingDecision {
  const complete = attempts.find((a) => a.result === "complete");
  if (complete !== undefined) return { kind: "use", source: complete.source };
  const next = COMPLETING_SOURCES.find((s) => !attempts.some((a) => a.source === s));
  if (next !== undefined) return { kind: "try", source: next };
  return { kind: "fail", reason: failureReason(attempts) };
}

/**
 * Which source listed the changed files, and, when GitHub's list was cut short, its limit: a
 * line for the log and the job summary.
 */
export function describeListing(
  source: ListingSource,
  cutShort: ListingSource | undefined,
  count: number,
): string {
  const listed = `${formatCount(count)} changed ${count === 1 ? "file" : "files"} listed by ${LISTING_SOURCE_LABELS[source]}`;
  const limit = cutShort === undefined ? undefined : LISTING_LIMITS[cutShort];
  if (cutShort === undefined || limit === undefined) return `${listed}.`;
  return `${listed}: ${LISTING_SOURCE_LABELS[cutShort]} lists only the first ${formatCount(limit)} files.`;
}

function failureReason(attempts: readonly ListingAttempt[]): string {
  const cut = attempts.find((a) => a.result === "truncated" && LISTING_LIMITS[a.source]);
  const limit =
    cut === undefined
      ? "GitHub's list of the changed files was cut short"
      : `${LISTING_SOURCE_LABELS[cut.source]} lists only the first ${formatCount(LISTING_LIMITS[cut.source]!)} files`;
  const tried = attempts
    .filter((a) => a !== cut)
    .map((a) => `${LISTING_SOURCE_LABELS[a.source]}: ${a.detail ?? a.result}`)
    .join("; ");
  return `${limit}, and the rest could not be listed another way (${tried}). Nothing was reviewed, so the check cannot pass: check the repository out before this step (actions/checkout, with its default persist-credentials, or fetch-depth: 0) so that git can list every changed file, or split the change.`;
}
