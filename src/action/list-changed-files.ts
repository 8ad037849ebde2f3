import type { GithubClient } from "./create-github-client.ts";
import type { GithubContext } from "./read-github-context.ts";

/** GitHub lists at most 3000 files of a pull request. */
export const MAX_PR_FILES = 3000;

/** File states in a PR or compare whose content exists at the head (`removed` has none). */
export const REVIEWABLE_FILE_STATES: ReadonlySet<string> = new Set([
  "added",
  "modified",
  "renamed",
  "copied",
  "changed",
]);

const NULL_SHA = /^0+$/;

/**
 * Repository paths changed by the event: the PR's files (paginated, up to 3000), or the push's
 * compare. `null` means "no change list": review every file matching the patterns
 * (`workflow_dispatch`, `schedule`, a new branch, or any other event).
 */
export async function listChangedFiles(
  github: GithubClient,
  context: GithubContext,
  signal?: AbortSignal,
): Promise<string[] | null> {
  const { owner, repo } = context;
  if (context.pullRequest !== undefined) {
    const files: string[] = [];
    for await (const page of github.paginate.iterator(github.rest.pulls.listFiles, {
      owner,
      repo,
      pull_number: context.pullRequest.number,
      per_page: 100,
      request: { signal },
    })) {
      for (const file of page.data) {
        if (REVIEWABLE_FILE_STATES.has(file.status)) files.push(file.filename);
      }
      if (files.length >= MAX_PR_FILES) break;
    }
    return files;
  }
  if (context.push !== undefined && !NULL_SHA.test(context.push.before)) {
    // The compare lists up to 300 files on its first page (GitHub's limit for comparisons).
    const { data } = await github.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead: `${context.push.before}...${context.push.after}`,
      per_page: 1,
      request: { signal },
    });
    return (data.files ?? [])
      .filter((f) => REVIEWABLE_FILE_STATES.has(f.status))
      .map((f) => f.filename);
  }
  return null;
}
