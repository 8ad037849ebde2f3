import type { AssetReview, ReviewOutcome } from "../../pipeline/index.ts";
import {
  CONCLUSION_LABELS,
  formatSeverityCounts,
  plural,
  severityRank,
} from "../../policy/index.ts";
import { outdatedBody } from "./outdated-body.ts";
import { type PlannedComment, plannedComments, reviewHeading } from "./planned-comments.ts";
import type { OwnComment } from "./read-own-comments.ts";
import { OUTDATED_MARKER, RESOLVE_PENDING_MARKER } from "./review-fingerprint.ts";
import type { ReviewThread } from "./review-threads.ts";
import { type CommentSigning, signComment } from "./signed-comment.ts";

/** GitHub shows long reviews badly; more findings stay in the check run and job summary. */
export const MAX_REVIEW_COMMENTS = 30;

/** A new body for an earlier comment of the Action's own. */
export interface CommentEdit {
  readonly id: number;
  readonly body: string;
}

/**
 * An outdated notice, and the thread to resolve with it: when the thread is not resolved (GitHub
 * refused), the notice goes out as `pendingBody`, for a later run to resolve it.
 */
export interface OutdateEdit extends CommentEdit {
  readonly thread?: string | undefined;
  readonly pendingBody?: string | undefined;
}

/** An outdated comment whose thread is still to be resolved: once it is, its body is `body`. */
export interface PendingResolution extends CommentEdit {
  readonly thread: string;
}

/** What a run does to the pull request's review, decided before anything is sent. */
export interface ReviewPlan {
  /** New comments, for one review (event COMMENT) with `reviewBody`. */
  readonly post: readonly PlannedComment[];
  readonly reviewBody: string;
  /** Earlier comments whose findings changed (or came back after being marked outdated). */
  readonly update: readonly CommentEdit[];
  /** Earlier comments whose file or line has no findings any more: the outdated notice. */
  readonly outdate: readonly OutdateEdit[];
  /** Outdated comments whose thread an earlier run could not resolve: resolved now. */
  readonly settle: readonly PendingResolution[];
  /** Earlier comments that already say what this run would. */
  readonly unchanged: number;
  /** Threads (node ids) of comments marked outdated now, not resolved yet. */
  readonly resolve: readonly string[];
  /** Resolved threads (node ids) of outdated comments whose findings came back. */
  readonly unresolve: readonly string[];
}

/** What `planReview` decides from. */
export interface ReviewPlanInput {
  readonly outcome: ReviewOutcome;
  readonly checkName: string;
  /** Per path, the lines of the PR's diff (see `commentableLines`). */
  readonly diffLines?: ReadonlyMap<string, ReadonlySet<number>> | undefined;
  readonly signing: CommentSigning;
  /** The commit reviewed, named in outdated notices. */
  readonly sha: string;
  /** The Action's own earlier comments, verified (see `readOwnComments`). */
  readonly own: readonly OwnComment[];
  /** The review threads by their first comment's id (see `readReviewThreads`). */
  readonly threads: ReadonlyMap<number, ReviewThread>;
}

function worst(asset: AssetReview): number {
  return Math.min(...asset.issues.map((i) => severityRank(i.severity)));
}

/** The comments of the files with issues, worst first, at most 30; the files left out. */
function wantedComments(input: ReviewPlanInput): {
  readonly wanted: PlannedComment[];
  readonly files: number;
  readonly notShown: ReadonlySet<string>;
} {
  const assets = input.outcome.assets
    .filter((a) => a.issues.length > 0)
    .sort((a, b) => worst(a) - worst(b));
  const wanted: PlannedComment[] = [];
  let shown = 0;
  for (const asset of assets) {
    const path = asset.file.displayPath;
    const comments = plannedComments(
      asset,
      input.checkName,
      input.diffLines?.get(path),
      input.signing,
    );
    const room = MAX_REVIEW_COMMENTS - wanted.length;
    if (comments.length > room && wanted.length > 0) break;
    wanted.push(...comments.slice(0, room));
    shown += 1;
  }
  const notShown = new Set(assets.slice(shown).map((a) => a.file.displayPath));
  return { wanted, files: assets.length, notShown };
}

function reviewBody(input: ReviewPlanInput, files: number, notShown: number): string {
  const o = input.outcome;
  const more =
    notShown > 0
      ? `\n\n${plural(notShown, "more file")} with findings ${notShown === 1 ? "is" : "are"} listed in the check run and the job summary.`
      : "";
  return `${reviewHeading(input.checkName)}: ${CONCLUSION_LABELS[o.conclusion]}. ${formatSeverityCounts(o.counts)} in ${plural(files, "file")}.${more}`;
}

/**
 * The plan of a run's review: each wanted comment (see `plannedComments`) updates the Action's
 * earlier comment about the same file or line, or is left alone when that says the same, or is
 * posted new. An earlier comment whose file or line has no findings any more is marked outdated
 * (once), and its thread resolved; one marked outdated whose findings came back is updated and
 * its thread unresolved. A file with findings past the first 30 comments keeps its comments as
 * they were. A thread GitHub refused to resolve is resolved by a later run (`settle`). Only threads that an own comment started are touched, and only when their state
 * differs: a thread someone resolved while its findings stand stays resolved. Pure.
 */
export function planReview(input: ReviewPlanInput): ReviewPlan {
  const { wanted, files, notShown } = wantedComments(input);
  const post: PlannedComment[] = [];
  const update: CommentEdit[] = [];
  const unresolve: string[] = [];
  const kept = new Set<number>();
  let unchanged = 0;
  for (const comment of wanted) {
    const earlier = input.own.find((c) => c.fields === comment.fields && c.path === comment.path);
    if (earlier === undefined) post.push(comment);
    else {
      kept.add(earlier.id);
      if (earlier.body === comment.body) unchanged += 1;
      else update.push({ id: earlier.id, body: comment.body });
      const thread = input.threads.get(earlier.id);
      if (earlier.content.startsWith(OUTDATED_MARKER) && thread?.isResolved === true)
        unresolve.push(thread.id);
    }
  }
  const left = input.own.filter((c) => !kept.has(c.id) && !notShown.has(c.path));
  const { outdate, settle, cleared } = planOutdated(input, left);
  const resolve = [...outdate, ...settle].flatMap((e) =>
    e.thread === undefined ? [] : [e.thread],
  );
  const body = reviewBody(input, files, notShown.size);
  return {
    post,
    reviewBody: body,
    update: [...update, ...cleared],
    outdate,
    settle,
    unchanged,
    resolve,
    unresolve,
  };
}

/**
 * The earlier comments whose findings are gone: marked outdated, their open threads resolved.
 * One marked outdated already is left alone, unless its resolution is pending (see
 * `RESOLVE_PENDING_MARKER`): its thread is resolved now if still open, and the marker goes.
 */
function planOutdated(
  input: ReviewPlanInput,
  comments: readonly OwnComment[],
): { outdate: OutdateEdit[]; settle: PendingResolution[]; cleared: CommentEdit[] } {
  const outdate: OutdateEdit[] = [];
  const settle: PendingResolution[] = [];
  const cleared: CommentEdit[] = [];
  for (const comment of comments) {
    const thread = input.threads.get(comment.id);
    const open = thread?.isResolved === false ? thread.id : undefined;
    if (comment.content.startsWith(`${OUTDATED_MARKER}${RESOLVE_PENDING_MARKER}`)) {
      const content = comment.content.replace(RESOLVE_PENDING_MARKER, "");
      const body = signComment(content, comment.fields, input.signing);
      if (open === undefined) cleared.push({ id: comment.id, body });
      else settle.push({ id: comment.id, body, thread: open });
      continue;
    }
    if (comment.content.startsWith(OUTDATED_MARKER)) continue;
    const notice = (resolvePending: boolean) =>
      outdatedBody(comment.content, comment.fields, input.sha, input.signing, { resolvePending });
    outdate.push({
      id: comment.id,
      body: notice(false),
      ...(open === undefined ? {} : { thread: open, pendingBody: notice(true) }),
    });
  }
  return { outdate, settle, cleared };
}
