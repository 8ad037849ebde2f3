import type { AssetReview, ReviewOutcome } from "../pipeline/index.ts";
import {
  CHECK_SUMMARY_LIMIT,
  CONCLUSION_LABELS,
  formatSeverityCounts,
  renderAssetMarkdown,
  sanitizeMarkdown,
  severityRank,
} from "../report/index.ts";
import type { GithubClient } from "./create-github-client.ts";
import type { GithubContext } from "./read-github-context.ts";
import { checkFingerprint, fileFingerprint, OUTDATED_MARKER } from "./review-fingerprint.ts";

/** GitHub shows long reviews badly; more findings stay in the check run and job summary. */
export const MAX_REVIEW_COMMENTS = 30;

/** What a publish did, for the log and tests. */
export interface ReviewPublication {
  readonly created: number;
  readonly updated: number;
  readonly outdated: number;
  readonly unchanged: number;
  readonly reviewId: number | undefined;
}

function worst(asset: AssetReview): number {
  return Math.min(...asset.issues.map((i) => severityRank(i.severity)));
}

function commentBody(asset: AssetReview, checkName: string): string {
  const marker = fileFingerprint(checkName, asset.file.displayPath);
  const head = `**${sanitizeMarkdown(checkName, { inline: true })}**: ${formatSeverityCounts(asset.counts)} in this file.`;
  for (const withDetails of [true, false]) {
    const body = `${head}\n\n${renderAssetMarkdown(asset, { withHeading: false, withDetails, headingLevel: 3 })}\n\n${marker}`;
    if (body.length <= CHECK_SUMMARY_LIMIT) return body;
  }
  return `${head}\n\nThe findings do not fit in a comment; see the check run.\n\n${marker}`;
}

function outdatedBody(previous: string, sha: string): string {
  const note = `${OUTDATED_MARKER}\n> [!NOTE]\n> Outdated: this file has no findings as of ${sha.slice(0, 12)}.\n\n`;
  return `${note}<details><summary>Earlier findings</summary>\n\n${previous}\n\n</details>`.slice(
    0,
    CHECK_SUMMARY_LIMIT,
  );
}

/**
 * One PR review (event COMMENT) with a file-level comment per asset with issues, worst first,
 * at most 30. Each comment carries a hidden fingerprint: on a re-run, an earlier comment about
 * the same file is updated in place (or left alone when unchanged) instead of posted again, and
 * earlier comments about files that no longer have findings are marked outdated.
 */
export async function publishReview(
  github: GithubClient,
  context: GithubContext,
  options: { outcome: ReviewOutcome; checkName: string; signal?: AbortSignal | undefined },
): Promise<ReviewPublication> {
  const pr = context.pullRequest;
  if (pr === undefined) throw new TypeError("publishReview needs a pull request event.");
  const { owner, repo } = context;
  const request = { signal: options.signal };
  const ours = checkFingerprint(options.checkName);
  const existing = (
    await github.paginate(github.rest.pulls.listReviewComments, {
      owner,
      repo,
      pull_number: pr.number,
      per_page: 100,
      request,
    })
  ).filter((c) => c.body.includes(ours));

  const withIssues = options.outcome.assets
    .filter((a) => a.issues.length > 0)
    .sort((a, b) => worst(a) - worst(b));
  const shown = withIssues.slice(0, MAX_REVIEW_COMMENTS);
  const result = { created: 0, updated: 0, outdated: 0, unchanged: 0 };
  const fresh: { path: string; body: string; subject_type: "file" }[] = [];
  const kept = new Set<number>();
  for (const asset of shown) {
    const body = commentBody(asset, options.checkName);
    const marker = fileFingerprint(options.checkName, asset.file.displayPath);
    const earlier = existing.find(
      (c) => c.body.includes(marker) && c.path === asset.file.displayPath,
    );
    if (earlier === undefined) {
      fresh.push({ path: asset.file.displayPath, body, subject_type: "file" });
      continue;
    }
    kept.add(earlier.id);
    if (earlier.body === body) {
      result.unchanged += 1;
      continue;
    }
    await github.rest.pulls.updateReviewComment({
      owner,
      repo,
      comment_id: earlier.id,
      body,
      request,
    });
    result.updated += 1;
  }
  const listed = new Set(shown.map((a) => a.file.displayPath));
  for (const comment of existing) {
    if (kept.has(comment.id) || comment.body.includes(OUTDATED_MARKER)) continue;
    // A file still with findings but beyond the first 30 keeps its comment as it was.
    if (!listed.has(comment.path) && withIssues.some((a) => a.file.displayPath === comment.path))
      continue;
    await github.rest.pulls.updateReviewComment({
      owner,
      repo,
      comment_id: comment.id,
      body: outdatedBody(comment.body, context.sha),
      request,
    });
    result.outdated += 1;
  }
  let reviewId: number | undefined;
  if (fresh.length > 0) {
    const o = options.outcome;
    const more =
      withIssues.length > shown.length
        ? `\n\n${withIssues.length - shown.length} more files with findings are listed in the check run and the job summary.`
        : "";
    const { data } = await github.rest.pulls.createReview({
      owner,
      repo,
      pull_number: pr.number,
      commit_id: context.sha,
      event: "COMMENT",
      body: `**${sanitizeMarkdown(options.checkName, { inline: true })}**: ${CONCLUSION_LABELS[o.conclusion]}. ${formatSeverityCounts(o.counts)} in ${withIssues.length} ${withIssues.length === 1 ? "file" : "files"}.${more}`,
      // File-level comments: media has no lines to point at.
      comments: fresh as unknown as { path: string; body: string }[],
      request,
    });
    reviewId = data.id;
    result.created = fresh.length;
  }
  return { ...result, reviewId };
}
