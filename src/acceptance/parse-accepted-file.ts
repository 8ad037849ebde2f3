import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { ACCEPTANCE_POLICY, type AcceptedKey } from "./acceptance-policy.ts";
import type { AcceptanceProblem, AcceptedEntry, AcceptedFile } from "./accepted-entry.ts";
import { isCalendarDate, latestExpiry, utcDay } from "./utc-day.ts";

const KEYS: ReadonlySet<string> = new Set(ACCEPTANCE_POLICY.requiredKeys);

/** What each key must hold, and what to write instead: policy as data. */
const FIELD_RULES: Readonly<Record<AcceptedKey, { test: (v: string) => boolean; hint: string }>> =
  Object.freeze({
    path: { test: (v) => v.trim() !== "", hint: "the file's path as the report names it" },
    content: {
      test: (v) => ACCEPTANCE_POLICY.contentPattern.test(v),
      hint: "the file version's 40-character content id, as the report shows it",
    },
    issue: {
      test: (v) => v === ACCEPTANCE_POLICY.everyIssue || ACCEPTANCE_POLICY.acceptIdPattern.test(v),
      hint: 'the issue\'s 8-character accept id as the report shows it, or "*" for every issue of this version',
    },
    reason: { test: (v) => v.trim() !== "", hint: "why the finding is acceptable" },
    "accepted-by": { test: (v) => v.trim() !== "", hint: "who accepted it, e.g. @acme/legal" },
    expires: { test: isCalendarDate, hint: "a date written YYYY-MM-DD" },
  });

/** A refused file: one problem at line 1, nothing counts. */
function refused(path: string, message: string): AcceptedFile {
  return { path, entries: [], expired: [], problems: [{ line: 1, message }] };
}

/**
 * Reads the accepted file (issue 32): a bad entry counts for nothing and gets a problem at its
 * line naming what to fix, and the rest still applies; a file over 1 MiB or with more than
 * 10,000 entries is refused whole. Every scalar is read as a string (the YAML failsafe schema), so
 * an id of digits stays an id. `now` decides what has expired and what is more than a year ahead.
 */
export function parseAcceptedFile(text: string, path: string, now: Date): AcceptedFile {
  if (Buffer.byteLength(text, "utf8") > ACCEPTANCE_POLICY.maxBytes)
    return refused(
      path,
      `${path} is over the 1 MiB limit: nothing in it counts. Remove entries that have expired or no longer match.`,
    );
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, schema: "failsafe", prettyErrors: false });
  const lineOf = (offset: number) => lines.linePos(offset).line;
  const errors = doc.errors.map((e) => ({ at: e.pos[0], message: e.message.split("\n")[0]! }));
  const problems: AcceptanceProblem[] = [];
  const root = doc.contents;
  if (root === null) return { path, entries: [], expired: [], problems: malformed(errors) };
  if (!isMap(root))
    return refused(path, `${path} must be a map with one key, "accepted", holding a list.`);
  let list: Node | null = null;
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    if (key === "accepted" && (isSeq(pair.value) || pair.value === null))
      list = pair.value as Node | null;
    else
      problems.push({
        line: lineOf((pair.key as Node | null)?.range?.[0] ?? 0),
        message: `Unknown key "${key}": the file holds one list, "accepted".`,
      });
  }
  const items = isSeq(list) ? list.items : [];
  if (items.length > ACCEPTANCE_POLICY.maxEntries)
    return refused(
      path,
      `${path} has ${items.length} entries, over the limit of ${ACCEPTANCE_POLICY.maxEntries}: nothing in it counts.`,
    );
  const entries: AcceptedEntry[] = [];
  const expired: AcceptedEntry[] = [];
  const claimed = new Set<(typeof errors)[number]>();
  for (const item of items as Node[]) {
    const [start, , end] = item.range ?? [0, 0, 0];
    const line = lineOf(start);
    const inside = errors.filter((e) => e.at >= start && e.at <= end);
    for (const e of inside) claimed.add(e);
    const read =
      inside.length > 0
        ? { problem: `Malformed YAML: ${inside[0]!.message}` }
        : readEntry(item, line, now);
    if ("problem" in read) {
      problems.push({ line, message: `This entry counts for nothing: ${read.problem}` });
      if (read.expired !== undefined) expired.push(read.expired);
    } else entries.push(read.entry);
  }
  problems.push(...malformed(errors.filter((e) => !claimed.has(e))));
  return { path, entries, expired, problems: problems.sort((a, b) => a.line - b.line) };

  function malformed(left: readonly { at: number; message: string }[]): AcceptanceProblem[] {
    return left.map((e) => ({ line: lineOf(e.at), message: `Malformed YAML: ${e.message}` }));
  }
}

type Read = { entry: AcceptedEntry } | { problem: string; expired?: AcceptedEntry };

/** One list item as an entry, or what is wrong with it. */
function readEntry(item: Node, line: number, now: Date): Read {
  if (!isMap(item))
    return {
      problem: "each entry is a map of path, content, issue, reason, accepted-by, expires.",
    };
  const values = new Map<string, string>();
  for (const pair of item.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    if (!KEYS.has(key))
      return {
        problem: `unknown key "${key}"; the keys are ${ACCEPTANCE_POLICY.requiredKeys.join(", ")}.`,
      };
    if (!isScalar(pair.value) || pair.value.value === null)
      return { problem: `"${key}" must be ${FIELD_RULES[key as AcceptedKey].hint}.` };
    // A path is matched exactly: " media/ad.txt" names another file than media/ad.txt.
    const value = String(pair.value.value);
    values.set(key, key === "path" ? value : value.trim());
  }
  for (const key of ACCEPTANCE_POLICY.requiredKeys) {
    const value = values.get(key);
    if (value === undefined)
      return { problem: `"${key}" is missing; write ${FIELD_RULES[key].hint}.` };
    if (!FIELD_RULES[key].test(value))
      return { problem: `"${key}" must be ${FIELD_RULES[key].hint} (got "${value}").` };
  }
  const entry: AcceptedEntry = {
    line,
    path: values.get("path")!,
    content: values.get("content")!,
    issue: values.get("issue")!,
    reason: values.get("reason")!,
    by: values.get("accepted-by")!,
    expires: values.get("expires")!,
  };
  const today = utcDay(now);
  if (entry.expires < today)
    return {
      problem: `it expired on ${entry.expires}; accept the finding anew with a later date, or remove the entry.`,
      expired: entry,
    };
  const latest = latestExpiry(now);
  if (entry.expires > latest)
    return { problem: `"expires" is more than a year ahead; write ${latest} or earlier.` };
  return { entry };
}
