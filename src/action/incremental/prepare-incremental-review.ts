import type { KeyObject } from "node:crypto";
import {
  type IncrementalOptions,
  identifyFiles,
  type ReviewFile,
  type ReviewRecord,
} from "../../pipeline/index.ts";
import { plural } from "../../policy/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import type { ActionInputs } from "../resolve-action-inputs.ts";
import { findEarlierHeads } from "./find-earlier-heads.ts";
import { findRecordSources } from "./find-record-sources.ts";
import { findReviewRecords } from "./find-review-record.ts";
import { mergeRecords } from "./merge-records.ts";

/** The files of an incremental run, with their identities, and what the pipeline needs. */
export interface IncrementalReview {
  readonly files: ReviewFile[];
  /** Undefined when the run keeps no record (then every file is reviewed). */
  readonly incremental: IncrementalOptions | undefined;
  /** The record found, to keep in the check run should the run end before the review. */
  readonly previous: ReviewRecord | null;
}

/**
 * Prepares incremental review. The record lives in the check run's text, so a run keeps one
 * only when it completes a check run with the results (`checks` allowed, `wait: true`). Such a
 * run gives each file the Git blob sha of the bytes it would upload (see `identifyFiles`) and, with `incremental: true`, looks up the records that verify under `key` (see
 * {@link findRecordSources} for where); `incremental: false` only writes one.
 */
export async function prepareIncrementalReview(options: {
  github: GithubClient | undefined;
  context: GithubContext;
  inputs: ActionInputs;
  files: readonly ReviewFile[];
  /**
   * The files of the change (a pull request's current files), when the event has one: the
   * records keep entries for these and the files reviewed, and no others.
   */
  changedPaths: readonly string[] | null;
  checksAllowed: boolean;
  ownCheckRunId: number | undefined;
  appId: number | undefined;
  /** Verifies the records found (see `deriveRecordKey`). */
  recordKey: KeyObject;
  signal: AbortSignal;
  info: (message: string) => void;
  warning: (message: string) => void;
}): Promise<IncrementalReview> {
  const { github, context, inputs, signal } = options;
  if (github === undefined || !options.checksAllowed || !inputs.wait) {
    if (inputs.incremental)
      options.info(
        `Incremental review is off for this run: it needs ${inputs.wait ? "the check run (checks: write, and comment other than none)" : "wait: true"} to keep its record. Every changed file is reviewed.`,
      );
    return { files: [...options.files], incremental: undefined, previous: null };
  }
  const files = await identifyFiles(options.files, "git-blob", { signal });
  let previous: ReviewRecord | null = null;
  if (inputs.incremental) {
    const { sources, problems } = await findRecordSources(github, context, signal);
    const found = await findReviewRecords(github, context, {
      checkName: inputs.checkName,
      sources,
      ownCheckRunId: options.ownCheckRunId,
      appId: options.appId,
      key: options.recordKey,
      paths: [...(options.changedPaths ?? []), ...files.map((f) => f.displayPath)],
      // After a push to a pull request, its earlier heads: the run at the last push may have
      // been cancelled before it kept a record, or still be running.
      ...(context.pullRequest?.previousHeadSha === undefined
        ? {}
        : { earlier: () => findEarlierHeads(github, context, signal) }),
      signal,
    });
    for (const problem of [...problems, ...found.problems]) options.warning(problem);
    for (const { record, from } of found.records)
      options.info(
        `Review record of check run ${from.checkRunId} on ${from.sha.slice(0, 7)} (${from.label}): ${plural(record.entries.length, "file version")} reviewed earlier.`,
      );
    if (found.records.length === 0)
      options.info("No earlier review record: every changed file is reviewed.");
    previous = mergeRecords(found.records, inputs.sidekickIds);
  }
  return {
    files,
    previous,
    incremental: {
      previous,
      identity: "git-blob",
      reviewedIn: context.sha,
      reuse: inputs.incremental,
    },
  };
}
