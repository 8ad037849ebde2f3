import type { KeyObject } from "node:crypto";
import type { ReviewRecord } from "../../pipeline/index.ts";
import { plural } from "../../policy/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import {
  assembleRecord,
  RECORD_BLOCK_PREFIX,
  type RecordPart,
  readRecordPart,
  recordPartName,
  recordSigning,
} from "./review-record-block.ts";

/** A commit whose check runs may hold a record, and what it is to this run (for the log). */
export interface RecordSource {
  readonly sha: string;
  /** E.g. `the head before the push`, `pull request #12's head`. */
  readonly label: string;
}

/** A verified record, and the check run it came from. */
export interface VerifiedRecord {
  readonly record: ReviewRecord;
  readonly from: { readonly sha: string; readonly checkRunId: number; readonly label: string };
}

/** The records an incremental run starts from. */
export interface FoundRecords {
  /** Every record that verifies on the sources, each once, in the sources' order. */
  readonly records: readonly VerifiedRecord[];
  /**
   * Why records were passed over (one line each, naming the check run: forged, signed with
   * another key or elsewhere, unreadable, incomplete), or why none could be looked
   * up: one warning each.
   */
  readonly problems: readonly string[];
}

/** Unusable records named one by one per commit; past this, one line counts the rest. */
export const MAX_NAMED_UNUSABLE = 5;

/** Check runs asked for per page of a commit's listing (GitHub's most). */
export const CHECK_RUNS_PER_PAGE = 100;

interface ListedCheckRun {
  readonly id: number;
  readonly status: string;
  readonly conclusion?: string | null;
  readonly html_url?: string | null;
  readonly output?: { readonly text?: string | null } | null;
}

/** What the search of one commit needs. */
interface SearchOptions {
  readonly checkName: string;
  readonly ownCheckRunId: number | undefined;
  readonly appId: number;
  readonly key: KeyObject;
  /** The files whose entries are read (see `decodeRecordPayload`). */
  readonly paths: readonly string[];
  readonly signal?: AbortSignal | undefined;
}

/**
 * The completed check runs named `name` on `sha` of the App `appId` holding a record block, a
 * page at a time: anyone who can write check runs can post thousands, each with up to 65,535
 * characters of text, and the whole listing must never be held at once.
 */
async function* recordRuns(
  github: GithubClient,
  context: GithubContext,
  sha: string,
  name: string,
  options: SearchOptions,
): AsyncGenerator<ListedCheckRun> {
  for await (const page of github.paginate.iterator(github.rest.checks.listForRef, {
    owner: context.owner,
    repo: context.repo,
    ref: sha,
    check_name: name,
    // `latest` would list only the newest run of the name: this run's own.
    filter: "all",
    per_page: CHECK_RUNS_PER_PAGE,
    app_id: options.appId,
    request: { signal: options.signal },
  }))
    for (const run of page.data as ListedCheckRun[])
      if (
        run.id !== options.ownCheckRunId &&
        run.status === "completed" &&
        (run.output?.text ?? "").includes(RECORD_BLOCK_PREFIX)
      )
        yield run;
}

/** The first parts (from the check runs of the check itself) found on one commit. */
interface FirstParts {
  readonly firsts: { run: ListedCheckRun; part: RecordPart; name: string; rest: RecordPart[] }[];
  readonly unusable: string[];
}

async function readFirstParts(
  github: GithubClient,
  context: GithubContext,
  sha: string,
  options: SearchOptions,
  found: FirstParts,
): Promise<void> {
  const signing = recordSigning(options.key, sha);
  const ids = new Set<string>();
  for await (const run of recordRuns(github, context, sha, options.checkName, options)) {
    const name = `check run ${run.id}${run.html_url ? ` (${run.html_url})` : ""} on ${sha.slice(0, 7)}`;
    const read = readRecordPart(run.output?.text, name, signing);
    if (read.kind === "unusable") found.unusable.push(read.reason);
    else if (read.kind === "part" && read.part.index !== 1)
      found.unusable.push(`The review record of ${name} is malformed.`);
    // A copy of a record already found adds nothing (the same payload has the same id).
    else if (read.kind === "part" && !ids.has(read.part.id)) {
      ids.add(read.part.id);
      found.firsts.push({ run, part: read.part, name, rest: [] });
    }
  }
}

/**
 * The other parts of the records whose first parts are `firsts`, from the companion check runs
 * on `sha` (see `recordPartName`): per part number, one listing, keeping only the verified parts
 * of those records. A companion of another record, commit or key is passed over.
 */
async function readCompanionParts(
  github: GithubClient,
  context: GithubContext,
  sha: string,
  options: SearchOptions,
  firsts: readonly { part: RecordPart }[],
): Promise<Map<string, RecordPart>> {
  const signing = recordSigning(options.key, sha);
  const parts = new Map<string, RecordPart>();
  const most = Math.max(1, ...firsts.map((f) => f.part.count));
  for (let index = 2; index <= most; index++) {
    const wanted = new Set(firsts.filter((f) => f.part.count >= index).map((f) => f.part.id));
    const name = recordPartName(options.checkName, index);
    for await (const run of recordRuns(github, context, sha, name, options)) {
      const read = readRecordPart(run.output?.text, `check run ${run.id}`, signing);
      if (read.kind !== "part" || read.part.index !== index || !wanted.has(read.part.id)) continue;
      parts.set(`${read.part.id}/${index}`, read.part);
      wanted.delete(read.part.id);
    }
  }
  return parts;
}

/**
 * Whether a verified record came from a run that finished: a cancelled run keeps only part of
 * what it found (see `keepReviewRecord`), so the search goes on past it. The conclusion is not
 * signed: a forged one only makes the search look further, within its bound.
 */
function finished(run: ListedCheckRun): boolean {
  return run.conclusion !== "cancelled";
}

/** Every record that verifies on one source, and why others did not. */
async function recordsOf(
  github: GithubClient,
  context: GithubContext,
  source: RecordSource,
  options: SearchOptions,
): Promise<{ records: VerifiedRecord[]; unusable: string[]; settled: boolean; failure?: string }> {
  const found: FirstParts = { firsts: [], unusable: [] };
  let failed: unknown;
  try {
    await readFirstParts(github, context, source.sha, options, found);
    const many = found.firsts.filter((f) => f.part.count > 1);
    if (many.length > 0) {
      const companions = await readCompanionParts(github, context, source.sha, options, many);
      for (const first of many)
        first.rest = Array.from({ length: first.part.count - 1 }, (_, i) =>
          companions.get(`${first.part.id}/${i + 2}`),
        ).filter((p): p is RecordPart => p !== undefined);
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    failed = error;
  }
  const records: VerifiedRecord[] = [];
  let settled = false;
  for (const { run, part, name, rest } of found.firsts) {
    const read = assembleRecord([part, ...rest], name, options.paths);
    if (read.kind === "record") settled ||= finished(run);
    if (read.kind === "record")
      records.push({
        record: read.record,
        from: { sha: source.sha, checkRunId: run.id, label: source.label },
      });
    else if (read.kind === "unusable") found.unusable.push(read.reason);
  }
  if (failed === undefined) return { records, unusable: found.unusable, settled };
  const failure = `Could not list the check runs of ${source.sha.slice(0, 7)} (${source.label}) to find a review record (${(failed as Error).message}); ${records.length === 0 ? "its reviews are not reused" : "the records read before that are used"}.`;
  return { records, unusable: found.unusable, settled, failure };
}

/**
 * The review records of the check `checkName` on each of `sources`: on each commit, every
 * completed check run of the same GitHub App (never the one this run created) whose record
 * verifies under `key` on that commit, with the parts it keeps in companion check runs. All of
 * them are used (see `mergeRecords`): a record never hides another, whatever date its check run
 * carries. A record that does not verify or cannot be read is passed over with a problem naming
 * its check run, and nothing of it is used. When a later page cannot be read, the records
 * verified before it are used.
 *
 * When no source holds the record of a run that finished (a cancelled or still running run at the
 * last push), `earlier` gives more sources (a pull request's earlier heads, see
 * `findEarlierHeads`), searched in order until one does.
 *
 * Records are refused outright when the App is unknown (`appId` undefined): without the filter,
 * any App's check runs would count. Never throws, except when `signal` aborts.
 */
export async function findReviewRecords(
  github: GithubClient,
  context: GithubContext,
  options: {
    checkName: string;
    sources: readonly RecordSource[];
    /** The check run this run created, never its own record. */
    ownCheckRunId: number | undefined;
    /** Only check runs of this App (the one that created `ownCheckRunId`). */
    appId: number | undefined;
    /** Verifies the records (see `deriveRecordKey`). */
    key: KeyObject;
    /** The files this run looks at: the records' entries of other files are left out. */
    paths: readonly string[];
    /** More sources, asked for only when none of `sources` settles the search. */
    earlier?: () => Promise<{ sources: RecordSource[]; problems: string[] }>;
    signal?: AbortSignal | undefined;
  },
): Promise<FoundRecords> {
  const { appId } = options;
  if (appId === undefined)
    return {
      records: [],
      problems: [
        "GitHub did not say which App this run's check run belongs to, so earlier review records cannot be told from other Apps' check runs and none is used; every changed file is reviewed.",
      ],
    };
  const records: VerifiedRecord[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  let settled = false;
  const search = async (source: RecordSource) => {
    if (source.sha === "" || seen.has(source.sha)) return;
    seen.add(source.sha);
    const found = await recordsOf(github, context, source, { ...options, appId });
    settled ||= found.settled;
    records.push(...found.records);
    if (found.failure !== undefined) problems.push(found.failure);
    for (const reason of found.unusable.slice(0, MAX_NAMED_UNUSABLE)) problems.push(reason);
    if (found.unusable.length > MAX_NAMED_UNUSABLE)
      problems.push(
        `${plural(found.unusable.length - MAX_NAMED_UNUSABLE, "more review record")} on ${source.sha.slice(0, 7)} (${source.label}) do not verify or cannot be read; none of them is used.`,
      );
  };
  for (const source of options.sources) await search(source);
  if (settled || options.earlier === undefined) return { records, problems };
  const earlier = await options.earlier();
  problems.push(...earlier.problems);
  for (const source of earlier.sources) {
    if (settled) break;
    await search(source);
  }
  return { records, problems };
}
