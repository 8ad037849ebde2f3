// @ts-nocheck
import type { Issue } from "../api/index.ts";
import type { AssetReview, ReviewOutcome } from "../pipeline/index.ts";
import {
  CONCLUSION_LABELS,
  countBySeverity,
  formatSeverityCounts,
  plural,
  severityRank,
} from "../policy/index.ts";
import {
  CHECK_SUMMARY_LIMIT,
  issueLocationIn,
  renderAssetMarkdown,
  renderIssueMarkdown,
  sanitizeMarkdown,
} from "../report/index.ts";
import { type CommentAuthor, isCommentAuthor } from "./comment-author.ts";
import type { GithubClient } from "./create-github-client.ts";
import type { GithubContext } from "./read-github-context.ts";
import {
  checkFingerprint,
  FINGERPRINT_PATTERN,
  fileFingerprint,
  lineFingerprint,
  OUTDATED_MARKER,
} from "./review-fingerprint.ts";

/** GitHub shows long reviews badly; more findings stay in the check run and job summary. */
export const MAX_REVIEW_COMMENTS = 30;

/** What a publish did, for the log and tests. */
export interface ReviewPublication {
  readonly created: number;
  readonly updated: number;
  readonly outdated: number;
  readonly unchanged: number;
  readonly reviewId: number | undefined;
  /**
   * Set when GitHub refused the comments both inside a review and one by one: why, for one
   * warning. The findings are still in the check run and the job summary.
   */
  readonly refused: string | undefined;
}

/** One comment the review should hold: on a line of the diff, or on the whole file. */
interface PlannedComment {
  readonly path: string;
  readonly body: string;
  readonly marker: string;
  /** A line of the new file that is part of the diff; undefined for a file-level comment. */
  readonly line: number | undefined;
}

/** An earlier review comment, as GitHub lists it. */
interface ListedComment {
  readonly id: number;
  readonly path: string;
  readonly body: string;
  readonly user?: { readonly login?: string; readonly id?: number; readonly type?: string } | null;
}

function worst(asset: AssetReview): number {
  return Math.min(...asset.issues.map((i) => severityRank(i.severity)));
}

function heading(checkName: string): string {
  return `**${sanitizeMarkdown(checkName, { inline: true })}**`;
}

/** The asset with only `keep` of its issues, for the file-level comment. */
function withIssues(asset: AssetReview, keep: ReadonlySet<Issue>): AssetReview {
  const issues = asset.issues.filter((i) => keep.has(i));
  return {
    ...asset,
    topics: asset.topics
      .map((t) => ({ ...t, issues: t.issues.filter((i) => keep.has(i)) }))
      .filter((t) => t.issues.length > 0),
    orphanIssues: asset.orphanIssues.filter((i) => keep.has(i)),
    issues,
    counts: countBySeverity(issues),
  };
}

function fileCommentBody(asset: AssetReview, checkName: string, onLines: number): string {
  const marker = fileFingerprint(checkName, asset.file.displayPath);
  const elsewhere =
    onLines > 0 ? ` (${plural(onLines, "more issue")} on the changed lines, in line comments)` : "";
  const head = `${heading(checkName)}: ${formatSeverityCounts(asset.counts)} in this file${elsewhere}.`;
  for (const withDetails of [true, false]) {
    const body = `${head}\n\n${renderAssetMarkdown(asset, { withHeading: false, withDetails, headingLevel: 3 })}\n\n${marker}`;
    if (body.length <= CHECK_SUMMARY_LIMIT) return body;
  }
  return `${head}\n\nThe findings do not fit in a comment; see the check run.\n\n${marker}`;
}

function lineCommentBody(issues: readonly Issue[], checkName: string, marker: string): string {
  const head = `${heading(checkName)}: ${formatSeverityCounts(countBySeverity(issues))} on this line.`;
  for (const withDetails of [true, false]) {
    const list = issues.map((i) => renderIssueMarkdown(i, { withDetails })).join("\n");
    const body = `${head}\n\n${list}\n\n${marker}`;
    if (body.length <= CHECK_SUMMARY_LIMIT) return body;
  }
  return `${head}\n\nThe findings do not fit in a comment; see the check run.\n\n${marker}`;
}

/**
 * The comments about one asset: a line comment per changed line that issues point at (when the
 * file's diff has that line), and a file-level comment with the rest.
 */
function planComments(
  asset: AssetReview,
  checkName: string,
  diffLines: ReadonlySet<number> | undefined,
): PlannedComment[] {
  const path = asset.file.displayPath;
  const byLine = new Map<number, Issue[]>();
  const rest = new Set<Issue>();
  for (const issue of asset.issues) {
    const line = issueLocationIn(path, issue)?.line;
    if (line !== undefined && diffLines?.has(line) === true) {
      byLine.set(line, [...(byLine.get(line) ?? []), issue]);
    } else {
      rest.add(issue);
    }
  }
  const out: PlannedComment[] = [];
  for (const [line, issues] of [...byLine].sort((a, b) => a[0] - b[0])) {
    const marker = lineFingerprint(checkName, path, line);
    out.push({ path, line, marker, body: lineCommentBody(issues, checkName, marker) });
  }
  if (rest.size > 0) {
    out.push({
      path,
      line: undefined,
      marker: fileFingerprint(checkName, path),
      body: fileCommentBody(withIssues(asset, rest), checkName, asset.issues.length - rest.size),
    });
  }
  return out;
}

/**
 * The notice that replaces a comment whose file or line has no findings any more. The earlier
 * findings fold into `<details>`; when the whole does not fit in a comment, they are cut (with
 * their own HTML tags taken out, so nothing is left open) and the fingerprint is kept, so that
 * the next run still knows the comment as its own.
 */
export function outdatedBody(previous: string, sha: string): string {
  const marker = FINGERPRINT_PATTERN.exec(previous)?.[0] ?? "";
  const earlier = previous.replace(FINGERPRINT_PATTERN, "").trim();
  const note = `${OUTDATED_MARKER}\n> [!NOTE]\n> Outdated: no findings here as of ${sha.slice(0, 12)}.\n\n`;
  const open = "<details><summary>Earlier findings</summary>\n\n";
  const close = `\n\n</details>\n\n${marker}`;
  const whole = `${note}${open}${earlier}${close}`;
  if (whole.length <= CHECK_SUMMARY_LIMIT) return whole;
  const cutNote = "\n\n(cut: the earlier findings are longer than a comment can hold)";
  const room = CHECK_SUMMARY_LIMIT - note.length - open.length - close.length - cutNote.length;
  const flat = earlier.replace(/<\/?details>|<\/?summary>/g, "");
  const cut = flat.slice(0, room);
  const atLine = cut.lastIndexOf("\n");
  return `${note}${open}${atLine > 0 ? cut.slice(0, atLine) : cut}${cutNote}${close}`;
}

function isUnprocessable(error: unknown): boolean {
  return (error as { status?: number }).status === 422;
}

function errorText(error: unknown): string {
  return (error as Error).message ?? String(error);
}

/**
 * One PR review (event COMMENT) about the files with issues, worst first, at most 30 comments:
 * an issue that points at a line of the file's diff gets a line comment, the others are
 * gathered in a file-level comment (`subject_type: file`, as media have no lines).
 *
 * Each comment carries a hidden fingerprint. On a re-run, only comments of the Action's own
 * account (`author`: the bot user of its token's App, by login and, where known, id) count: an
 * earlier one about the same file or line is updated in place (or left alone when unchanged)
 * instead of posted again, and earlier ones whose file or line has no findings any more are
 * marked outdated. Comments of anyone else (people, other Apps' bots) are never touched, even
 * when they carry a copied fingerprint; without `author`, none is.
 *
 * GitHub does not document `subject_type` inside a review, and a GitHub that does not accept it
 * answers 422 for the whole review: the same comments then go out one by one through the
 * documented endpoint. If that is refused too, `refused` says why, and nothing is lost: the
 * findings stay in the check run and the job summary.
 */
export async function publishReview(
  github: GithubClient,
  context: GithubContext,
  options: {
    outcome: ReviewOutcome;
    checkName: string;
    /** Per path, the lines of the PR's diff (see `commentableLines`). */
    diffLines?: ReadonlyMap<string, ReadonlySet<number>> | undefined;
    /** The Action's own account (see `commentAuthor`). */
    author: CommentAuthor | undefined;
  },
): Promise<ReviewPublication> {
  const pr = context.pullRequest;
  if (pr === undefined) throw new TypeError("publishReview needs a pull request event.");
  const { owner, repo } = context;
  const ours = checkFingerprint(options.checkName);
  const listed: ListedComment[] = await github.paginate(github.rest.pulls.listReviewComments, {
    owner,
    repo,
    pull_number: pr.number,
    per_page: 100,
  });
  const existing = listed.filter(
    (c) => isCommentAuthor(c.user, options.author) && c.body.includes(ours),
  );

  const assets = options.outcome.assets
    .filter((a) => a.issues.length > 0)
    .sort((a, b) => worst(a) - worst(b));
  const planned: PlannedComment[] = [];
  let shownAssets = 0;
  for (const asset of assets) {
    const comments = planComments(
      asset,
      options.checkName,
      options.diffLines?.get(asset.file.displayPath),
    );
    const room = MAX_REVIEW_COMMENTS - planned.length;
    if (comments.length > room && planned.length > 0) break;
    planned.push(...comments.slice(0, room));
    shownAssets += 1;
  }
  const notShown = new Set(assets.slice(shownAssets).map((a) => a.file.displayPath));

  const result = { created: 0, updated: 0, outdated: 0, unchanged: 0 };
  const fresh: PlannedComment[] = [];
  const kept = new Set<number>();
  for (const comment of planned) {
    const earlier = existing.find(
      (c) => c.body.includes(comment.marker) && c.path === comment.path,
    );
    if (earlier === undefined) {
      fresh.push(comment);
      continue;
    }
    kept.add(earlier.id);
    if (earlier.body === comment.body) {
      result.unchanged += 1;
      continue;
    }
    await github.rest.pulls.updateReviewComment({
      owner,
      repo,
      comment_id: earlier.id,
      body: comment.body,
    });
    result.updated += 1;
  }
  for (const comment of existing) {
    if (kept.has(comment.id) || comment.body.includes(OUTDATED_MARKER)) continue;
    // A file still with findings but past the first 30 comments keeps its comments as they were.
    if (notShown.has(comment.path)) continue;
    await github.rest.pulls.updateReviewComment({
      owner,
      repo,
      comment_id: comment.id,
      body: outdatedBody(comment.body, context.sha),
    });
    result.outdated += 1;
  }
  if (fresh.length === 0) return { ...result, reviewId: undefined, refused: undefined };

  const o = options.outcome;
  const more =
    notShown.size > 0
      ? `\n\n${plural(notShown.size, "more file")} with findings ${notShown.size === 1 ? "is" : "are"} listed in the check run and the job summary.`
      : "";
  const files = assets.length;
  try {
    const { data } = await github.rest.pulls.createReview({
      owner,
      repo,
      pull_number: pr.number,
      commit_id: context.sha,
      event: "COMMENT",
      body: `${heading(options.checkName)}: ${CONCLUSION_LABELS[o.conclusion]}. ${formatSeverityCounts(o.counts)} in ${plural(files, "file")}.${more}`,
      comments: fresh.map((c) =>
        c.line === undefined
          ? { path: c.path, body: c.body, subject_type: "file" }
          : { path: c.path, body: c.body, line: c.line, side: "RIGHT" },
      ) as { path: string; body: string }[],
    });
    return { ...result, created: fresh.length, reviewId: data.id, refused: undefined };
  } catch (error) {
    if (!isUnprocessable(error)) throw error;
    const whole = errorText(error);
    // One by one through the documented endpoint; the first refusal ends it.
    for (const c of fresh) {
      try {
        await github.rest.pulls.createReviewComment({
          owner,
          repo,
          pull_number: pr.number,
          commit_id: context.sha,
          path: c.path,
          body: c.body,
          ...(c.line === undefined
            ? { subject_type: "file" as const }
            : { line: c.line, side: "RIGHT" as const }),
        });
        result.created += 1;
      } catch (single) {
        if (!isUnprocessable(single)) throw single;
        return {
          ...result,
          reviewId: undefined,
          refused: `GitHub refused the review (${whole}) and then a single comment on ${c.path} (${errorText(single)}); ${plural(fresh.length - result.created, "comment")} not posted`,
        };
      }
    }
    return { ...result, reviewId: undefined, refused: undefined };
  }
}
