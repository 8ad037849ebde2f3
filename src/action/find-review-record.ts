import type { ReviewRecord } from "../pipeline/index.ts";
import type { GithubClient } from "./create-github-client.ts";
import type { GithubContext } from "./read-github-context.ts";
import { RECORD_BLOCK_PREFIX, readRecordBlock } from "./review-record-block.ts";

/** The record an incremental run starts from. */
export interface FoundRecord {
  /** Null when there is none, or when the one found cannot be used (see `problem`). */
  readonly record: ReviewRecord | null;
  /** The check run it came from, for the log. */
  readonly from: { readonly sha: string; readonly checkRunId: number } | null;
  /** Why the last record cannot be used (unreadable, too large, not listable): one warning. */
  readonly problem: string | null;
}

interface ListedCheckRun {
  readonly id: number;
  readonly status: string;
  readonly completed_at?: string | null;
  readonly output?: { readonly text?: string | null } | null;
}

/** Newest first: by completion time, then by id (ids grow). */
function newestFirst(a: ListedCheckRun, b: ListedCheckRun): number {
  const at = (r: ListedCheckRun) => (r.completed_at ? Date.parse(r.completed_at) : 0);
  return at(b) - at(a) || b.id - a.id;
}

/**
 * The last review record of the check `checkName`: first on the current head (a re-run of any
 * event finds the record of its own earlier run there), then, on a pull request's `synchronize`,
 * on the head before the push. Only completed check runs of the same GitHub App count, never the
 * one this run created; the newest one holding a record is the record (each record carries the
 * earlier entries on). None gives an empty record; one that cannot be read gives an empty record
 * and a `problem` to warn about. Never throws, except when `signal` aborts.
 */
export async function findReviewRecord(
  github: GithubClient,
  context: GithubContext,
  options: {
    checkName: string;
    /** The check run this run created, never its own record. */
    ownCheckRunId: number | undefined;
    /** Only check runs of this App (the one that created `ownCheckRunId`). */
    appId: number | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<FoundRecord> {
  const heads = [context.sha, context.pullRequest?.previousHeadSha].filter(
    (sha, i, all): sha is string => sha !== undefined && sha !== "" && all.indexOf(sha) === i,
  );
  for (const sha of heads) {
    let runs: ListedCheckRun[];
    try {
      runs = (await github.paginate(github.rest.checks.listForRef, {
        owner: context.owner,
        repo: context.repo,
        ref: sha,
        check_name: options.checkName,
        // `latest` would list only the newest run of the name: this run's own.
        filter: "all",
        per_page: 100,
        ...(options.appId === undefined ? {} : { app_id: options.appId }),
        request: { signal: options.signal },
      })) as ListedCheckRun[];
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return {
        record: null,
        from: null,
        problem: `Could not list the earlier check runs of ${sha.slice(0, 7)} to find the review record (${(error as Error).message}); every changed file is reviewed.`,
      };
    }
    const last = runs
      .filter(
        (r) =>
          r.id !== options.ownCheckRunId &&
          r.status === "completed" &&
          (r.output?.text ?? "").includes(RECORD_BLOCK_PREFIX),
      )
      .sort(newestFirst)[0];
    if (last === undefined) continue;
    const block = readRecordBlock(last.output?.text, `check run ${last.id} on ${sha.slice(0, 7)}`);
    const from = { sha, checkRunId: last.id };
    if (block.kind === "record") return { record: block.record, from, problem: null };
    if (block.kind === "unusable")
      return {
        record: null,
        from,
        problem: `${block.reason} Every changed file is reviewed.`,
      };
  }
  return { record: null, from: null, problem: null };
}
