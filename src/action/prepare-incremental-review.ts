import {
  type IncrementalOptions,
  identifyFiles,
  type ReviewFile,
  type ReviewRecord,
} from "../pipeline/index.ts";
import { plural } from "../policy/index.ts";
import type { GithubClient } from "./create-github-client.ts";
import { findReviewRecord } from "./find-review-record.ts";
import type { GithubContext } from "./read-github-context.ts";
import type { ActionInputs } from "./resolve-action-inputs.ts";

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
 * run gives each file its Git blob sha (GitHub's for a PR's files, computed for the rest) and,
 * with `incremental: true`, looks up the last record; `incremental: false` only writes one.
 */
export async function prepareIncrementalReview(options: {
  github: GithubClient | undefined;
  context: GithubContext;
  inputs: ActionInputs;
  files: readonly ReviewFile[];
  /** The blob shas GitHub listed for the PR's files. */
  blobShas: ReadonlyMap<string, string> | undefined;
  checksAllowed: boolean;
  ownCheckRunId: number | undefined;
  appId: number | undefined;
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
  const files = await identifyFiles(options.files, "git-blob", {
    known: options.blobShas,
    signal,
  });
  let previous: ReviewRecord | null = null;
  if (inputs.incremental) {
    const found = await findReviewRecord(github, context, {
      checkName: inputs.checkName,
      ownCheckRunId: options.ownCheckRunId,
      appId: options.appId,
      signal,
    });
    if (found.problem !== null) options.warning(found.problem);
    else if (found.record !== null && found.from !== null)
      options.info(
        `Review record of check run ${found.from.checkRunId} on ${found.from.sha.slice(0, 7)}: ${plural(found.record.entries.length, "file version")} reviewed earlier.`,
      );
    else options.info("No earlier review record: every changed file is reviewed.");
    previous = found.record;
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
