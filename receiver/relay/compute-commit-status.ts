import {
  addSeverityCounts,
  formatSeverityCounts,
  meetsThreshold,
  SEVERITIES,
  type SeverityCounts,
} from "../../src/report/index.ts";
import { truncate } from "./escape-mrkdwn.ts";
import type { SubmissionState } from "./submission-state.ts";
import { reportedAssets } from "./submission-state.ts";

/** GitHub's limit on a commit status description. */
export const STATUS_DESCRIPTION_MAX = 140;

export interface CommitStatus {
  readonly state: "pending" | "success" | "failure" | "error";
  readonly description: string;
  readonly context: string;
  readonly targetUrl: string | null;
}

/**
 * The commit status of a linked submission: `pending` with progress until every asset has
 * reported, then `error` when assets failed, else `failure` or `success` by the link's `failOn`.
 * Without a known asset count the assets reported so far are taken as the whole submission.
 */
export function computeCommitStatus(
  state: SubmissionState,
  prUrl: string | null,
): CommitStatus | null {
  const link = state.link;
  if (link === null) return null;
  const reported = reportedAssets(state);
  const total = link.assetCount ?? reported.length;
  const base = { context: link.context, targetUrl: prUrl };
  const done = (s: CommitStatus["state"], d: string): CommitStatus => ({
    ...base,
    state: s,
    description: truncate(d, STATUS_DESCRIPTION_MAX),
  });

  if (total === 0) return done("pending", "Waiting for the first asset");
  if (reported.length < total)
    return done("pending", `${reported.length}/${total} assets reviewed`);
  const failed = reported.filter((a) => a.status === "failed").length;
  if (failed > 0) return done("error", `${failed} of ${total} assets failed to process`);

  let counts: SeverityCounts = { critical: 0, major: 0, minor: 0, info: 0, other: 0 };
  let unknownIssues = 0;
  for (const asset of reported) {
    if (asset.counts !== null) counts = addSeverityCounts(counts, asset.counts);
    else unknownIssues += asset.issueCount ?? 0;
  }
  const gate = link.failOn === "never" ? "never" : `${link.failOn} or worse`;
  const over = SEVERITIES.filter((s) => counts[s] > 0 && meetsThreshold(s, link.failOn));
  if (over.length > 0) {
    return done("failure", `${formatSeverityCounts(counts)} (fails on ${gate})`);
  }
  // Issues without a severity (no enrichment) fail a gate: passing them unseen would be worse.
  if (unknownIssues > 0 && link.failOn !== "never") {
    return done("failure", `${unknownIssues} issues of unknown severity (fails on ${gate})`);
  }
  return done("success", `${total}/${total} assets reviewed: ${formatSeverityCounts(counts)}`);
}
