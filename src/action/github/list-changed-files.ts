import { commentableLines } from "../review-comments/commentable-lines.ts";
import { type GithubClient, isPermissionError } from "./create-github-client.ts";
import { type GithubContext, NULL_SHA } from "./read-github-context.ts";

/** GitHub lists at most 3000 files of a pull request. */
export const MAX_PR_FILES = 3000;
/** GitHub lists at most 300 files of a comparison. */
export const MAX_COMPARE_FILES = 300;

/** File states in a PR or compare whose content exists at the head (`removed` has none). */
export const REVIEWABLE_FILE_STATES: ReadonlySet<string> = new Set([
  "added",
  "modified",
  "renamed",
  "copied",
  "changed",
]);

/** The change list of an event. */
export interface ChangedFiles {
  /** Repository paths whose content exists at the head, in GitHub's order. */
  readonly paths: string[];
  /** GitHub's listing limit was reached: files past it are not listed, so not reviewed. */
  readonly truncated: boolean;
  /** How the list was made when the usual way was refused, for a warning. */
  readonly fallback?: string;
  /**
   * Per path of a pull request, the lines of the new file that are part of its diff: a review
   * can comment on those lines only. Empty for pushes and compares.
   */
  readonly diffLines: ReadonlyMap<string, ReadonlySet<number>>;
}

/**
 * Repository paths changed by the event: the PR's files (paginated, up to 3000), the push's
 * compare (a new branch is compared with the default branch; a deleted branch has none), or a
 * merge queue commit's compare with the branch it goes into (`merge_group.base_sha...head_sha`).
 * `null` means "no change list": review every file matching the patterns (`workflow_dispatch`,
 * `schedule`, the first push of the default branch, or any other event).
 */
export async function listChangedFiles(
  github: GithubClient,
  context: GithubContext,
  signal?: AbortSignal,
): Promise<ChangedFiles | null> {
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
    return { paths, truncated: listed >= MAX_PR_FILES, diffLines };
  }
  // A merge queue's commit: what it adds to the branch it goes into.
  const group = context.mergeGroup;
  if (group !== undefined)
    return compare(github, context, `${group.baseSha}...${group.headSha}`, signal);
  const push = context.push;
  if (push === undefined) return null;
  if (push.deleted) return { paths: [], truncated: false, diffLines: new Map() };
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
): Promise<ChangedFiles> {
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
  return {
    paths: files.map((f) => f.filename),
    truncated: (data.files ?? []).length >= MAX_COMPARE_FILES,
    diffLines: new Map(),
  };
}
