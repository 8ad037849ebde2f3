import type { KeyObject } from "node:crypto";
import type { ReviewRecord } from "../../pipeline/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import { RECORD_BLOCK_PREFIX, readRecordBlock } from "./review-record-block.ts";

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
  /** At most one a source: its newest record that verifies. */
  readonly records: readonly VerifiedRecord[];
  /**
   * Why records were passed over (one line each, naming the check run: forged, signed with
   * another key, unreadable, too large), or why none could be looked up: one warning each.
   */
  readonly problems: readonly string[];
}

/** Unusable records named one by one per commit; past this, one line counts the rest. */
export const MAX_NAMED_UNUSABLE = 5;

interface ListedCheckRun {
  readonly id: number;
  readonly status: string;
  readonly html_url?: string | null;
  readonly completed_at?: string | null;
  readonly output?: { readonly text?: string | null } | null;
}

/** Newest first: by completion time, then by id (ids grow). */
function newestFirst(a: ListedCheckRun, b: ListedCheckRun): number {
  const at = (r: ListedCheckRun) => (r.completed_at ? Date.parse(r.completed_at) : 0);
  return at(b) - at(a) || b.id - a.id;
}

/**
 * The review records of the check `checkName` on each of `sources`: on each commit, the newest
 * completed check run of the same GitHub App (never the one this run created) whose record
 * verifies under `key`. A record that does not verify, or cannot be read, is passed over with a
 * problem naming its check run, and the next older one is tried: a newer unusable record (an
 * attacker can post those) never hides an older genuine one, and nothing of it is used. The
 * listing is read a page at a time, so a flood of check runs never sits in memory at once; when
 * a later page cannot be read, the newest record verified on the pages before it is used.
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
    signal?: AbortSignal | undefined;
  },
): Promise<FoundRecords> {
  if (options.appId === undefined)
    return {
      records: [],
      problems: [
        "GitHub did not say which App this run's check run belongs to, so earlier review records cannot be told from other Apps' check runs and none is used; every changed file is reviewed.",
      ],
    };
  const records: VerifiedRecord[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const source of options.sources) {
    if (source.sha === "" || seen.has(source.sha)) continue;
    seen.add(source.sha);
    const short = source.sha.slice(0, 7);
    // Page by page, keeping only the newest record that verifies and the reasons the newer
    // ones did not: anyone who can write check runs can post thousands, each with up to
    // 65,535 characters of text, and the whole listing must never be held at once.
    let best: { run: ListedCheckRun; record: ReviewRecord } | undefined;
    const unusable: { run: ListedCheckRun; reason: string }[] = [];
    try {
      for await (const page of github.paginate.iterator(github.rest.checks.listForRef, {
        owner: context.owner,
        repo: context.repo,
        ref: source.sha,
        check_name: options.checkName,
        // `latest` would list only the newest run of the name: this run's own.
        filter: "all",
        per_page: 100,
        app_id: options.appId,
        request: { signal: options.signal },
      })) {
        for (const run of page.data as ListedCheckRun[]) {
          if (
            run.id === options.ownCheckRunId ||
            run.status !== "completed" ||
            !(run.output?.text ?? "").includes(RECORD_BLOCK_PREFIX) ||
            (best !== undefined && newestFirst(run, best.run) >= 0)
          )
            continue;
          const name = `check run ${run.id}${run.html_url ? ` (${run.html_url})` : ""} on ${short}`;
          const block = readRecordBlock(run.output?.text, name, options.key);
          if (block.kind === "record") best = { run, record: block.record };
          else if (block.kind === "unusable")
            unusable.push({
              run: { id: run.id, status: run.status, completed_at: run.completed_at },
              reason: block.reason,
            });
        }
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      problems.push(
        `Could not list the check runs of ${short} (${source.label}) to find a review record (${(error as Error).message}); ${best === undefined ? "its reviews are not reused" : "the newest record read before that is used"}.`,
      );
    }
    if (best !== undefined)
      records.push({
        record: best.record,
        from: { sha: source.sha, checkRunId: best.run.id, label: source.label },
      });
    // Only the unusable records newer than the one used hid anything: name a few, count the rest.
    const passedOver = unusable
      .filter(({ run }) => best === undefined || newestFirst(run, best.run) < 0)
      .sort((a, b) => newestFirst(a.run, b.run));
    for (const { reason } of passedOver.slice(0, MAX_NAMED_UNUSABLE))
      problems.push(`${reason} Looking at older records.`);
    if (passedOver.length > MAX_NAMED_UNUSABLE)
      problems.push(
        `${passedOver.length - MAX_NAMED_UNUSABLE} more review records on ${short} (${source.label}) do not verify or cannot be read; none of them is used.`,
      );
  }
  return { records, problems };
}
