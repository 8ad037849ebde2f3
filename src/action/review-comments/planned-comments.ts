import { acceptEntryYaml, acceptId } from "../../acceptance/index.ts";
import type { Issue } from "../../api/index.ts";
import type { AssetReview } from "../../pipeline/index.ts";
import { countBySeverity, formatSeverityCounts, plural } from "../../policy/index.ts";
import {
  CHECK_SUMMARY_LIMIT,
  issueLocationIn,
  renderAssetMarkdown,
  renderIssueMarkdown,
  sanitizeMarkdown,
} from "../../report/index.ts";
import { fingerprintFields } from "./review-fingerprint.ts";
import { type CommentSigning, signComment } from "./signed-comment.ts";

/** One comment the review should hold: on a line of the diff, or on the whole file. */
export interface PlannedComment {
  readonly path: string;
  readonly body: string;
  /** The marker's fields (see `fingerprintFields`): which file or line the comment is about. */
  readonly fields: string;
  /** A line of the new file that is part of the diff; undefined for a file-level comment. */
  readonly line: number | undefined;
  /** Every issue of the comment is accepted (issue 32): its thread is resolved. */
  readonly accepted: boolean;
}

/** Starts the head of a comment whose every issue is accepted. */
export const ACCEPTED_HEAD = "☑️ Accepted:";

/**
 * A ready-to-paste entry of the accepted file for each issue of `issues` nobody accepted, folded
 * in `<details>`; nothing when the file's version is unknown or every issue is accepted.
 */
function acceptHint(asset: AssetReview, issues: readonly Issue[]): string {
  const version = asset.file.version;
  const open = issues.filter((i) => asset.accepted?.has(i.id) !== true);
  if (version === undefined || open.length === 0) return "";
  const entries = open
    .map((i) => acceptEntryYaml(asset.file.displayPath, version, acceptId(i)))
    .join("")
    .replace(/^/gm, "  ")
    .trimEnd();
  return [
    "",
    "",
    `<details><summary>Accept ${open.length === 1 ? "this finding" : "these findings"}</summary>`,
    "",
    "If people with the authority judge a finding acceptable, add its entry under `accepted:` in the accepted file (`.content-review/accepted.yml` unless the workflow names another), fill in the reason, who accepted it and when it expires (at most a year ahead), and have it reviewed like code. It holds for this version of the file only.",
    "",
    "```yaml",
    entries,
    "```",
    "",
    "</details>",
  ].join("\n");
}

/** The bold check name that starts the review and each comment. */
export function reviewHeading(checkName: string): string {
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

/** The first of `bodies` (with details, then without) that fits in a comment, else a pointer. */
function fitting(
  head: string,
  rendered: (withDetails: boolean) => string,
  sign: (content: string) => string,
): string {
  for (const withDetails of [true, false]) {
    const body = sign(`${head}\n\n${rendered(withDetails)}`);
    if (body.length <= CHECK_SUMMARY_LIMIT) return body;
  }
  return sign(`${head}\n\nThe findings do not fit in a comment; see the check run.`);
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
  const accepted = allAccepted(asset, asset.issues);
  const head = `${reviewHeading(checkName)}: ${accepted ? `${ACCEPTED_HEAD} ` : ""}${formatSeverityCounts(asset.counts)} in this file${elsewhere}.`;
  return fitting(
    head,
    (withDetails) =>
      `${renderAssetMarkdown(asset, { withHeading: false, withDetails, headingLevel: 3 })}${acceptHint(asset, asset.issues)}`,
    (content) => signComment(content, fields, signing),
  );
}

function lineCommentBody(
  asset: AssetReview,
  issues: readonly Issue[],
  checkName: string,
  fields: string,
  signing: CommentSigning,
): string {
  const accepted = allAccepted(asset, issues);
  const head = `${reviewHeading(checkName)}: ${accepted ? `${ACCEPTED_HEAD} ` : ""}${formatSeverityCounts(countBySeverity(issues))} on this line.`;
  const accept = (i: Issue) => ({ acceptId: acceptId(i), accepted: asset.accepted?.get(i.id) });
  return fitting(
    head,
    (withDetails) =>
      `${issues.map((i) => renderIssueMarkdown(i, { withDetails, accept: accept(i) })).join("\n")}${acceptHint(asset, issues)}`,
    (content) => signComment(content, fields, signing),
  );
}

function allAccepted(asset: AssetReview, issues: readonly Issue[]): boolean {
  return issues.every((i) => asset.accepted?.has(i.id) === true);
}

/**
 * The comments about one asset: a line comment per changed line that issues point at (when the
 * file's diff has that line), and a file-level comment with the rest.
 */
export function plannedComments(
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
    out.push({
      path,
      line,
      fields,
      body: lineCommentBody(asset, issues, checkName, fields, signing),
      accepted: allAccepted(asset, issues),
    });
  }
  if (rest.size > 0) {
    out.push({
      path,
      line: undefined,
      fields: fingerprintFields(checkName, path),
      accepted: allAccepted(asset, [...rest]),
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
