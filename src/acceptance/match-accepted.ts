import type { Issue } from "../api/index.ts";
import { acceptId } from "./accept-id.ts";
import { ACCEPTANCE_POLICY } from "./acceptance-policy.ts";
import type { Acceptance, AcceptedEntry, AcceptedFile } from "./accepted-entry.ts";

/** A reviewed file version, as acceptance sees it. */
export interface VersionFindings {
  readonly path: string;
  /** The version's content id; undefined when unknown (then nothing of it can be accepted). */
  readonly content: string | undefined;
  readonly issues: readonly Issue[];
}

/** What acceptance decided for one file version. */
export interface VersionAcceptance {
  /** The accepted issues, by issue id. */
  readonly accepted: ReadonlyMap<string, Acceptance>;
  /** Expired entries about this version: they no longer count, and the report says so. */
  readonly expired: readonly AcceptedEntry[];
}

/** An entry that accepts nothing in this run, and why: a notice, so that it can be removed. */
export interface UnmatchedEntry {
  readonly entry: AcceptedEntry;
  readonly why: string;
}

/**
 * Matches the accepted file's entries against the run's file versions (issue 32): an entry
 * accepts an issue when its path and content id name the version and its `issue` is the issue's
 * accept id, or `*`. A changed file is a new version, so an entry for the old one matches
 * nothing. Pure; one result per version, in order, and the entries that matched nothing.
 */
export function matchAccepted(
  versions: readonly VersionFindings[],
  file: AcceptedFile,
): { readonly versions: VersionAcceptance[]; readonly unmatched: UnmatchedEntry[] } {
  const used = new Set<AcceptedEntry>();
  const out = versions.map((version): VersionAcceptance => {
    const accepted = new Map<string, Acceptance>();
    const mine = (e: AcceptedEntry) =>
      e.path === version.path && version.content !== undefined && e.content === version.content;
    const entries = file.entries.filter(mine);
    for (const issue of version.issues) {
      const id = acceptId(issue);
      const entry = entries.find((e) => e.issue === ACCEPTANCE_POLICY.everyIssue || e.issue === id);
      if (entry === undefined) continue;
      used.add(entry);
      accepted.set(issue.id, { by: entry.by, reason: entry.reason, expires: entry.expires });
    }
    return { accepted, expired: file.expired.filter(mine) };
  });
  const unmatched = file.entries
    .filter((e) => !used.has(e))
    .map((entry) => ({ entry, why: whyUnmatched(entry, versions) }));
  return { versions: out, unmatched };
}

function whyUnmatched(entry: AcceptedEntry, versions: readonly VersionFindings[]): string {
  const same = versions.filter((v) => v.path === entry.path);
  if (same.length === 0) return `${entry.path} is not among the files of this run`;
  if (!same.some((v) => v.content === entry.content))
    return `${entry.path} has changed since (its content id is now ${same[0]!.content ?? "unknown"}); accept its findings anew if they still apply`;
  return `${entry.path} has no issue with accept id ${entry.issue} in this version`;
}
