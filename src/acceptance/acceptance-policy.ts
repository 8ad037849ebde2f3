/**
 * Accepted findings, as data (issue 32): where the file lives, what an entry may say, and the
 * limits past which the whole file is refused. One home for the Action and the CLI.
 */
export const ACCEPTANCE_POLICY = Object.freeze({
  /** The file the Action and the CLI read when none is named. */
  defaultPath: ".content-review/accepted.yml",
  /** A larger file is refused whole: nothing in it counts. */
  maxBytes: 1024 * 1024,
  /** A file with more entries is refused whole. */
  maxEntries: 10_000,
  /** `expires` may be at most this many years after the day of the run. */
  maxYearsAhead: 1,
  /** Every key an entry must have, in the order a ready-to-paste entry lists them. */
  requiredKeys: Object.freeze([
    "path",
    "content",
    "issue",
    "reason",
    "accepted-by",
    "expires",
  ] as const),
  /** `issue: "*"` accepts every issue of the file version. */
  everyIssue: "*",
  /** A file version's content id: its Git blob sha (what `git hash-object FILE` prints). */
  contentPattern: /^[0-9a-f]{40}$/,
  /** An accept id (see `acceptId`). */
  acceptIdPattern: /^[0-9a-f]{8}$/,
  /** `expires` is a calendar date, compared in UTC. */
  datePattern: /^(\d{4})-(\d{2})-(\d{2})$/,
  /** Where GitHub looks for a CODEOWNERS file, in its order. */
  codeownersPaths: Object.freeze([".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"] as const),
});

/** The keys of an entry. */
export type AcceptedKey = (typeof ACCEPTANCE_POLICY.requiredKeys)[number];
