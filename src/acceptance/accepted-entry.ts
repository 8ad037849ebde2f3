/** Who accepted an issue, why, and until when: what every report shows next to it. */
export interface Acceptance {
  readonly by: string;
  readonly reason: string;
  /** The last day the acceptance counts (UTC), `YYYY-MM-DD`. */
  readonly expires: string;
}

/** One entry of the accepted file, with the line it starts at. */
export interface AcceptedEntry extends Acceptance {
  /** 1-based line of the entry in the accepted file. */
  readonly line: number;
  readonly path: string;
  /** The file version's content id (Git blob sha). */
  readonly content: string;
  /** An accept id, or `*` for every issue of the version. */
  readonly issue: string;
}

/** Why an entry, or the whole file, counts for nothing: at a line, saying what to fix. */
export interface AcceptanceProblem {
  /** 1-based line in the accepted file. */
  readonly line: number;
  readonly message: string;
}

/** The accepted file as read: the entries that count, the expired ones, and the problems. */
export interface AcceptedFile {
  /** The file as the repository names it, for annotations. */
  readonly path: string;
  readonly entries: readonly AcceptedEntry[];
  /** Well-formed entries past their `expires` day: they count for nothing, but say so on the file. */
  readonly expired: readonly AcceptedEntry[];
  /** One per bad entry; a refused file has exactly one, and no entries. */
  readonly problems: readonly AcceptanceProblem[];
}
