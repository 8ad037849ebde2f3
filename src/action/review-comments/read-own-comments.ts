import { plural } from "../../policy/index.ts";
import { describeError } from "../../shared/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import {
  type BotUser,
  type CommentAuthor,
  findBotUser,
  isCommentAuthor,
} from "./comment-author.ts";
import { checkField, checkFingerprint, fileFields, OUTDATED_MARKER } from "./review-fingerprint.ts";
import { type ReviewThread, readReviewThreads } from "./review-threads.ts";
import { type CommentSigning, readSignedComment } from "./signed-comment.ts";

/** An earlier comment of the Action's own, its marker verified. */
export interface OwnComment {
  readonly id: number;
  readonly path: string;
  readonly body: string;
  readonly fields: string;
  /** The body without the marker, as it was signed. */
  readonly content: string;
}

/** What a run finds of its earlier review on the pull request. */
export interface OwnComments {
  readonly comments: readonly OwnComment[];
  /** The review threads by their first comment's id; empty when there are no own comments. */
  readonly threads: ReadonlyMap<number, ReviewThread>;
  /** Why comments of the Action's account were left alone (see `ignoredReason`), for one warning. */
  readonly ignored: string | undefined;
  /** Why the threads could not be read (their state then stays as it is), for one warning. */
  readonly threadsUnread: string | undefined;
  /**
   * Why the Action's account could not be looked up (then no comment counts as its own: none
   * is touched, and the findings go out as new comments), for one warning.
   */
  readonly authorUnknown: string | undefined;
}

/** An earlier review comment, as GitHub lists it. */
interface ListedComment {
  readonly id: number;
  readonly path: string;
  readonly body: string;
  readonly user?: { readonly login?: string; readonly id?: number; readonly type?: string } | null;
}

/** The pull request, the check and the account whose comments are looked for. */
export interface OwnCommentsQuery {
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
  readonly checkName: string;
  /** The Action's own account (see `commentAuthor`); undefined: no comment is its own. */
  readonly author: CommentAuthor | undefined;
  readonly signing: CommentSigning;
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

/** The comments of the Action's own account that carry this check's marker, and its bot user. */
async function listCandidates(
  github: GithubClient,
  query: OwnCommentsQuery,
): Promise<{
  readonly listed: ListedComment[];
  readonly bot: BotUser | undefined;
  readonly authorUnknown?: string;
}> {
  const { author } = query;
  const ours = checkFingerprint(query.checkName);
  const listed: ListedComment[] = [];
  if (author === undefined) return { listed, bot: undefined };
  // A page at a time: anyone who can comment can post thousands of bodies of up to 65,535
  // characters, and only the Action's own verified ones are kept.
  const pages = github.paginate.iterator(github.rest.pulls.listReviewComments, {
    owner: query.owner,
    repo: query.repo,
    pull_number: query.number,
    per_page: 100,
  });
  for await (const page of pages)
    for (const c of page.data as ListedComment[])
      if (c.user?.type === "Bot" && c.user.login === author.login && c.body.includes(ours))
        listed.push(c);
  // The account's id on this server, looked up once, and only when it may have comments here.
  if (listed.length === 0) return { listed, bot: undefined };
  try {
    const bot = await findBotUser(github, author);
    return { listed: listed.filter((c) => isCommentAuthor(c.user, bot)), bot };
  } catch (error) {
    // Fail safe: with the account unknown, no comment is provably the Action's own.
    const status = (error as { status?: number }).status;
    const why = `${status === undefined ? "" : `HTTP ${status}: `}${describeError(error)}`;
    return {
      listed: [],
      bot: undefined,
      authorUnknown: `Could not look up the Action's account ${author.login} on this GitHub (${why}): its ${plural(listed.length, "earlier comment")} on this pull request ${listed.length === 1 ? "was" : "were"} left as ${listed.length === 1 ? "it is" : "they are"} (neither updated nor marked outdated), and this run's findings went out as new comments.`,
    };
  }
}

/**
 * Lists the pull request's review comments and keeps the Action's own: by its bot user (login
 * and id, as this server knows them) whose marker names this check and verifies under
 * `signing` for the file GitHub lists the comment on. Counts the rest of its account's marked
 * comments for one warning. With own comments, reads the pull request's review threads too;
 * a failure there is reported, not thrown: the comments are right without them.
 */
export async function readOwnComments(
  github: GithubClient,
  query: OwnCommentsQuery,
): Promise<OwnComments> {
  const check = checkField(query.checkName);
  const { listed, bot, authorUnknown } = await listCandidates(github, query);
  const comments: OwnComment[] = [];
  const unverified = { unsigned: 0, invalid: 0 };
  for (const c of listed) {
    const read = readSignedComment(c.body, query.signing);
    // An unsigned notice an older version marked outdated is inert: it need not be warned about
    // on every run. A signed one that does not verify is: an edit made it read as outdated.
    if (read.kind === "unverified") {
      const inert = read.reason === "unsigned" && c.body.trimStart().startsWith(OUTDATED_MARKER);
      if (!inert) unverified[read.reason] += 1;
    }
    // The check's fingerprint matched somewhere in the body; the signed marker must name it.
    else if (read.kind === "signed" && read.fields.startsWith(`${check} `)) {
      // A genuine comment copied whole onto another file verifies but names the other file.
      if (isAbout(read.fields, fileFields(query.checkName, c.path)))
        comments.push({ id: c.id, path: c.path, body: c.body, ...read });
      else unverified.invalid += 1;
    }
  }
  const ignored = ignoredReason(unverified, bot?.login ?? query.author?.login ?? "");
  const none = { comments, threads: new Map(), ignored, authorUnknown };
  if (comments.length === 0) return { ...none, threadsUnread: undefined };
  try {
    const threads = await readReviewThreads(github, query);
    return { ...none, threads, threadsUnread: undefined };
  } catch (error) {
    return { ...none, threadsUnread: describeError(error) };
  }
}
