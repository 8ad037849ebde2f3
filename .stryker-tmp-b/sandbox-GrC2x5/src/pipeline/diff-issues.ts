// @ts-nocheck
import type { Issue } from "../api/index.ts";

/**
 * Identity of an issue across versions. Issue ids are per asset, so a later version's issue has
 * a new id; the rule and the summary say whether it is "the same finding".
 */
export function issueIdentity(issue: Issue): string {
  const rule = issue.ruleCode ?? issue.ruleId ?? "";
  return `${rule.toLowerCase()}\u0000${issue.summary.trim().replace(/\s+/g, " ").toLowerCase()}`;
}

/** Issues of `current` not in `previous` (new) and of `previous` not in `current` (resolved), as multisets. */
export function diffIssues(
  previous: readonly Issue[],
  current: readonly Issue[],
): { newIssues: Issue[]; resolvedIssues: Issue[] } {
  const remaining = new Map<string, number>();
  for (const issue of previous) {
    const key = issueIdentity(issue);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const newIssues: Issue[] = [];
  for (const issue of current) {
    const key = issueIdentity(issue);
    const left = remaining.get(key) ?? 0;
    if (left > 0) remaining.set(key, left - 1);
    else newIssues.push(issue);
  }
  const resolvedIssues: Issue[] = [];
  for (const issue of previous) {
    const key = issueIdentity(issue);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      resolvedIssues.push(issue);
      remaining.set(key, left - 1);
    }
  }
  return { newIssues, resolvedIssues };
}

/** Every issue of a topics response once: the topics' issues, then the orphans (by id). */
export function collectIssues(
  topics: readonly { issues: readonly Issue[] }[],
  orphans: readonly Issue[],
): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const issue of [...topics.flatMap((t) => t.issues), ...orphans]) {
    if (seen.has(issue.id)) continue;
    seen.add(issue.id);
    out.push(issue);
  }
  return out;
}
