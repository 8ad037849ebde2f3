import type { KeyObject } from "node:crypto";
import type { Issue } from "../../api/index.ts";
import type { AssetReview, ReviewOutcome } from "../../pipeline/index.ts";
import {
  CONCLUSION_LABELS,
  countBySeverity,
  formatSeverityCounts,
  plural,
  severityRank,
} from "../../policy/index.ts";
import {
  CHECK_SUMMARY_LIMIT,
  issueLocationIn,
  renderAssetMarkdown,
  renderIssueMarkdown,
  sanitizeMarkdown,
} from "../../report/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import { type CommentAuthor, isCommentAuthor } from "./comment-author.ts";
import {
  checkField,
  checkFingerprint,
  fileFields,
  fingerprintFields,
  OUTDATED_MARKER,
} from "./review-fingerprint.ts";
import {
  type CommentSigning,
  commentSigning,
  readSignedComment,
  signComment,
  signedMarkerLength,
} from "./signed-comment.ts";

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
   * Set when earlier comments of the Action's account carry this check's marker without a valid
   * signature: how many and why, for one warning. They are left as they are.
   */
  readonly ignored: string | undefined;
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
  /** The marker's fields (see `fingerprintFields`): which file or line the comment is about. */
  readonly fields: string;
  /** A line of the new file that is part of the diff; undefined for a file-level comment. */
  readonly line: number | undefined;
}

/** An earlier comment of the Action's own, its marker verified. */
interface OwnComment {
  readonly id: number;
  readonly path: string;
  readonly body: string;
  readonly fields: string;
  /** The body without the marker, as it was signed. */
  readonly content: string;
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

function fileCommentBody(
  asset: AssetReview,
  checkName: string,
  onLines: number,
  signing: CommentSigning,
): string {
  const fields = fingerprintFields(checkName, asset.file.displayPath);
  const elsewhere =
    onLines > 0 ? ` (${plural(onLines, "more issue")} on the changed lines, in line comments)` : "";
  const head = `${heading(checkName)}: ${formatSeverityCounts(asset.counts)} in this file${elsewhere}.`;
  for (const withDetails of [true, false]) {
    const body = signComment(
      `${head}\n\n${renderAssetMarkdown(asset, { withHeading: false, withDetails, headingLevel: 3 })}`,
      fields,
      signing,
    );
    if (body.length <= CHECK_SUMMARY_LIMIT) return body;
  }
  return signComment(
    `${head}\n\nThe findings do not fit in a comment; see the check run.`,
    fields,
    signing,
  );
}

function lineCommentBody(
  issues: readonly Issue[],
  checkName: string,
  fields: string,
  signing: CommentSigning,
): string {
  const head = `${heading(checkName)}: ${formatSeverityCounts(countBySeverity(issues))} on this line.`;
  for (const withDetails of [true, false]) {
    const list = issues.map((i) => renderIssueMarkdown(i, { withDetails })).join("\n");
    const body = signComment(`${head}\n\n${list}`, fields, signing);
    if (body.length <= CHECK_SUMMARY_LIMIT) return body;
  }
  return signComment(
    `${head}\n\nThe findings do not fit in a comment; see the check run.`,
    fields,
    signing,
  );
}

/**
 * The comments about one asset: a line comment per changed line that issues point at (when the
 * file's diff has that line), and a file-level comment with the rest.
 */
function planComments(
  asset: AssetReview,
  checkName: string,
  diffLines: ReadonlySet<number> | undefined,
  signing: CommentSigning,
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
    const fields = fingerprintFields(checkName, path, line);
    out.push({ path, line, fields, body: lineCommentBody(issues, checkName, fields, signing) });
  }
  if (rest.size > 0) {
    out.push({
      path,
      line: undefined,
      fields: fingerprintFields(checkName, path),
      body: fileCommentBody(
        withIssues(asset, rest),
        checkName,
        asset.issues.length - rest.size,
        signing,
      ),
    });
  }
  return out;
}

/**
 * The notice that replaces a comment whose file or line has no findings any more: `earlier` is
 * the comment's body without its marker (as verified), `fields` its marker's fields. The earlier
 * findings fold into `<details>`; when the whole does not fit in a comment, they are cut (with
 * their own HTML tags taken out, so nothing is left open). The marker is kept with the same
 * fields and signed again for the new body, so that the next run still knows the comment as its
 * own.
 */
export function outdatedBody(
  earlier: string,
  fields: string,
  sha: string,
  signing: CommentSigning,
): string {
  const note = `${OUTDATED_MARKER}\n> [!NOTE]\n> Outdated: no findings here as of ${sha.slice(0, 12)}.\n\n`;
  const open = "<details><summary>Earlier findings</summary>\n\n";
  const close = "\n\n</details>";
  const whole = signComment(`${note}${open}${earlier}${close}`, fields, signing);
  if (whole.length <= CHECK_SUMMARY_LIMIT) return whole;
  const cutNote = "\n\n(cut: the earlier findings are longer than a comment can hold)";
  const room =
    CHECK_SUMMARY_LIMIT -
    note.length -
    open.length -
    close.length -
    cutNote.length -
    signedMarkerLength(fields);
  const flat = earlier.replace(/<\/?details>|<\/?summary>/g, "");
  const cut = flat.slice(0, room);
  const atLine = cut.lastIndexOf("\n");
  return signComment(
    `${note}${open}${atLine > 0 ? cut.slice(0, atLine) : cut}${cutNote}${close}`,
    fields,
    signing,
  );
}

/** Why the Action's own account's comments were left as they are, for one warning. */
function ignoredReason(
  counts: { readonly unsigned: number; readonly invalid: number },
  login: string,
): string | undefined {
  const total = counts.unsigned + counts.invalid;
  if (total === 0) return undefined;
  const why = [
    counts.invalid > 0
      ? `${counts.invalid} whose signature does not verify (the marker was copied from another comment, file or pull request, the comment was edited, or it was signed with another api-key or record-key)`
      : "",
    counts.unsigned > 0
      ? `${counts.unsigned} without a signature (written by a version of the Action before comments were signed, or by hand)`
      : "",
  ].filter((w) => w !== "");
  return `${plural(total, "earlier comment")} by ${login} ${total === 1 ? "carries" : "carry"} this check's marker but not a valid signature: ${why.join("; ")}. Left as ${total === 1 ? "it is" : "they are"} (neither updated nor marked outdated); this run posts its own comments for the findings that stand. Resolve or delete the old ones by hand if they are in the way.`;
}

/** Whether a marker's `fields` are those of the file `file` (see `fileFields`) or of a line of it. */
function isAbout(fields: string, file: string): boolean {
  return fields === file || fields.startsWith(`${file} line=`);
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
 * Each comment carries a hidden fingerprint, signed with `commentKey` (see `signComment`). On a
 * re-run, only comments of the Action's own account (`author`: the bot user of its token's App,
 * by login and, where known, id) whose signature verifies count: an earlier one about the same
 * file or line is updated in place (or left alone when unchanged) instead of posted again, and
 * earlier ones whose file or line has no findings any more are marked outdated. Comments of
 * anyone else (people, other Apps' bots) are never touched, even when they carry a copied
 * fingerprint; without `author`, none is. Comments of the Action's account whose signature does
 * not verify (another workflow under the same `GITHUB_TOKEN` account copied a marker, someone
 * edited the body, an older version wrote it, or the key was rotated) are never touched either:
 * the run posts its own, and `ignored` says how many and why.
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
    /** Signs the comments and verifies earlier ones (see `deriveCommentKey`). */
    commentKey: KeyObject;
  },
): Promise<ReviewPublication> {
  const pr = context.pullRequest;
  if (pr === undefined) throw new TypeError("publishReview needs a pull request event.");
  const { owner, repo } = context;
  const ours = checkFingerprint(options.checkName);
  const check = checkField(options.checkName);
  const signing = commentSigning(options.commentKey, owner, repo, pr.number);
  const existing: OwnComment[] = [];
  const unverified = { unsigned: 0, invalid: 0 };
  // A page at a time: anyone who can comment can post thousands of bodies of up to 65,535
  // characters, and only the Action's own verified ones are kept.
  const pages = github.paginate.iterator(github.rest.pulls.listReviewComments, {
    owner,
    repo,
    pull_number: pr.number,
    per_page: 100,
  });
  for await (const page of pages)
    for (const c of page.data as ListedComment[]) {
      if (!isCommentAuthor(c.user, options.author) || !c.body.includes(ours)) continue;
      const read = readSignedComment(c.body, signing);
      // An unsigned notice an older version marked outdated is inert: it need not be warned about
      // on every run. A signed one that does not verify is: an edit made it read as outdated.
      if (read.kind === "unverified") {
        const inert = read.reason === "unsigned" && c.body.trimStart().startsWith(OUTDATED_MARKER);
        if (!inert) unverified[read.reason] += 1;
      }
      // `ours` matched somewhere in the body; the signed marker itself must name this check.
      else if (read.kind === "signed" && read.fields.startsWith(`${check} `)) {
        // A genuine comment copied whole onto another file verifies but names the other file.
        if (isAbout(read.fields, fileFields(options.checkName, c.path)))
          existing.push({ id: c.id, path: c.path, body: c.body, ...read });
        else unverified.invalid += 1;
      }
    }
  const ignored = ignoredReason(unverified, options.author?.login ?? "");

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
      signing,
    );
    const room = MAX_REVIEW_COMMENTS - planned.length;
    if (comments.length > room && planned.length > 0) break;
    planned.push(...comments.slice(0, room));
    shownAssets += 1;
  }
  const notShown = new Set(assets.slice(shownAssets).map((a) => a.file.displayPath));

  const result = { created: 0, updated: 0, outdated: 0, unchanged: 0, ignored };
  const fresh: PlannedComment[] = [];
  const kept = new Set<number>();
  for (const comment of planned) {
    const earlier = existing.find((c) => c.fields === comment.fields && c.path === comment.path);
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
    if (kept.has(comment.id) || comment.content.startsWith(OUTDATED_MARKER)) continue;
    // A file still with findings but past the first 30 comments keeps its comments as they were.
    if (notShown.has(comment.path)) continue;
    await github.rest.pulls.updateReviewComment({
      owner,
      repo,
      comment_id: comment.id,
      body: outdatedBody(comment.content, comment.fields, context.sha, signing),
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
