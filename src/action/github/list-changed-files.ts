import { commentableLines } from "../review-comments/commentable-lines.ts";
import { completeListing } from "./complete-listing.ts";
import { type GithubClient, isPermissionError } from "./create-github-client.ts";
import { LISTING_LIMITS, type ListingSource } from "./listing-policy.ts";
import { type GithubContext, NULL_SHA } from "./read-github-context.ts";

/** GitHub lists at most 3000 files of a pull request. */
export const MAX_PR_FILES = LISTING_LIMITS["pull-request-files"]!;
/** GitHub lists at most 300 files of a comparison. */
export const MAX_COMPARE_FILES = LISTING_LIMITS.compare!;

/** File states in a PR or compare whose content exists at the head (`removed` has none). */
export const REVIEWABLE_FILE_STATES: ReadonlySet<string> = new Set([
  "added",
  "modified",
  "renamed",
  "copied",
  "changed",
]);

/** The whole change list of an event. */
export interface ChangedFiles {
  /** Repository paths whose content exists at the head, in GitHub's order (then git's). */
  readonly paths: string[];
  /**
   * What listed the paths: GitHub's API, or, when its list was cut short, git in the checkout
   * or the Git trees API (see `LISTING_SOURCE_LABELS`).
   */
  readonly source: ListingSource;
  /** The GitHub API whose list was cut short at its limit, when another source completed it. */
  readonly cutShort?: ListingSource | undefined;
  /** How the list was made when the usual way was refused, for a warning. */
  readonly fallback?: string;
  /**
   * Per path of a pull request, the lines of the new file that are part of its diff: a review
   * can comment on those lines only. Empty for pushes and compares.
   */
  readonly diffLines: ReadonlyMap<string, ReadonlySet<number>>;
}

/**
 * GitHub's list of the event's changed files, maybe cut short, with the commits it compares:
 * `base` (the merge base where the compare said it) and `head`, for another source to list.
 */
export interface GithubListing extends ChangedFiles {
  readonly source: "pull-request-files" | "compare";
  /** GitHub's listing limit was reached: files past it are not listed. */
  readonly truncated: boolean;
  readonly range: { readonly base: string | undefined; readonly head: string };
  /** The merge base of the range, when the compare named it. */
  readonly mergeBase?: string | undefined;
}

/**
 * Repository paths changed by the event, every one of them: the PR's files (paginated, up to
 * 3000), the push's compare (a new branch is compared with the default branch; a deleted branch
 * has none), or a merge queue commit's compare with the branch it goes into
 * (`merge_group.base_sha...head_sha`). A list GitHub cut short is completed by git in the
 * checkout or the Git trees API, or the run fails (`ListingCutShortError`): it never concludes
 * on a partial view. `null` means "no change list": review every file matching the patterns
 * (`workflow_dispatch`, `schedule`, the first push of the default branch, or any other event).
 */
export async function listChangedFiles(
  github: GithubClient,
  context: GithubContext,
  signal?: AbortSignal,
): Promise<ChangedFiles | null> {
  const listed = await listWithGithub(github, context, signal);
  if (listed === null || !listed.truncated) return listed && withoutRange(listed);
  return completeListing(github, context, listed, signal);
}

/** The fields of a {@link ChangedFiles}, without what only completing a listing needs. */
function withoutRange(listed: GithubListing): ChangedFiles {
  const { paths, source, diffLines, fallback } = listed;
  return { paths, source, diffLines, ...(fallback === undefined ? {} : { fallback }) };
}

/** GitHub's list of the event's changed files (see {@link listChangedFiles}). */
async function listWithGithub(
  github: GithubClient,
  context: GithubContext,
  signal: AbortSignal | undefined,
): Promise<GithubListing | null> {
  const { owner, repo } = context;
  const pr = context.pullRequest;
  if (pr !== undefined) {
    const paths: string[] = [];
    const diffLines = new Map<string, ReadonlySet<number>>();
    let listed = 0;
    try {
      for await (const page of github.paginate.iterator(github.rest.pulls.listFiles, {
        owner,
        repo,
        pull_number: pr.number,
        per_page: 100,
        request: { signal },
      })) {
        for (const file of page.data) {
          listed += 1;
          if (!REVIEWABLE_FILE_STATES.has(file.status)) continue;
          paths.push(file.filename);
          diffLines.set(file.filename, commentableLines(file.patch));
        }
        if (listed >= MAX_PR_FILES) break;
      }
    } catch (error) {
      // Without `pull-requests: read` the PR's files are refused, but `contents: read` still
      // gives the same three-dot comparison (up to 300 files): degrade, do not fail.
      if (!isPermissionError(error) || pr.baseSha === undefined) throw error;
      const compared = await compare(github, context, `${pr.baseSha}...${pr.headSha}`, signal);
      return {
        ...compared,
        fallback: `The pull request's files could not be listed (HTTP ${(error as { status?: number }).status}: the token lacks "pull-requests: read"); compared the base and head commits instead.`,
      };
    }
    return {
      paths,
      source: "pull-request-files",
      // A list of exactly 3,000 is whole when the PR says it changes no more.
      truncated: listed >= MAX_PR_FILES && !((pr.changedFiles ?? Infinity) <= listed),
      diffLines,
      range: { base: pr.baseSha, head: pr.headSha },
    };
  }
  // A merge queue's commit: what it adds to the branch it goes into.
  const group = context.mergeGroup;
  if (group !== undefined)
    return compare(github, context, `${group.baseSha}...${group.headSha}`, signal);
  const push = context.push;
  if (push === undefined) return null;
  if (push.deleted)
    return {
      paths: [],
      source: "compare",
      truncated: false,
      diffLines: new Map(),
      range: { base: undefined, head: push.after },
    };
  let base = push.before;
  if (NULL_SHA.test(base)) {
    // A new branch has no `before`: what it adds is what differs from the default branch. The
    // first push of the default branch itself has nothing to compare with.
    if (push.defaultBranch === undefined || push.ref === `refs/heads/${push.defaultBranch}`)
      return null;
    base = push.defaultBranch;
  }
  return compare(github, context, `${base}...${push.after}`, signal);
}

async function compare(
  github: GithubClient,
  context: GithubContext,
  basehead: string,
  signal: AbortSignal | undefined,
): Promise<GithubListing> {
  // The compare lists its files on the first page only (up to 300, GitHub's limit); one commit
  // a page keeps that page small.
  const { data } = await github.rest.repos.compareCommitsWithBasehead({
    owner: context.owner,
    repo: context.repo,
    basehead,
    per_page: 1,
    request: { signal },
  });
  const files = (data.files ?? []).filter((f) => REVIEWABLE_FILE_STATES.has(f.status));
  const [base, head = ""] = basehead.split("...");
  return {
    paths: files.map((f) => f.filename),
    source: "compare",
    truncated: (data.files ?? []).length >= MAX_COMPARE_FILES,
    diffLines: new Map(),
    range: { base, head },
    mergeBase: data.merge_base_commit?.sha,
  };
}
