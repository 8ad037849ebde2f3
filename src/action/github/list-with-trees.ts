import type { GithubClient } from "./create-github-client.ts";
import type { SourceListing } from "./list-with-git.ts";
import type { GithubContext } from "./read-github-context.ts";
import { type GitTree, type GitTreeEntry, readRecursiveTree } from "./read-recursive-tree.ts";

/**
 * The paths whose file differs between the trees of `base` and `head` (commits or branch names),
 * read whole through GitHub's Git trees API. GitHub cuts a recursive tree past 100,000 entries
 * or 7 MB and says so (`truncated`): such a tree lists nothing, rather than part.
 */
export async function listWithTrees(
  github: GithubClient,
  context: GithubContext,
  options: { base: string; head: string; signal?: AbortSignal | undefined },
): Promise<SourceListing> {
  const tree = (sha: string) => readRecursiveTree(github, context, sha, options.signal);
  let base: GitTree;
  let head: GitTree;
  try {
    [base, head] = [await tree(options.base), await tree(options.head)];
  } catch (error) {
    const status = (error as { status?: number }).status;
    return { unavailable: `the trees could not be read${status ? ` (HTTP ${status})` : ""}` };
  }
  if (base.truncated || head.truncated)
    return { unavailable: "GitHub cut the repository's tree short (truncated)" };
  return { paths: changedBlobs(base.tree, head.tree) };
}

/** The head's files (blobs) that are new or whose content or mode differs from the base's. */
export function changedBlobs(
  base: readonly GitTreeEntry[],
  head: readonly GitTreeEntry[],
): string[] {
  const before = new Map(
    base.filter((e) => e.type === "blob").map((e) => [e.path, `${e.mode} ${e.sha}`]),
  );
  return head
    .filter((e) => e.type === "blob" && e.path !== undefined)
    .filter((e) => before.get(e.path) !== `${e.mode} ${e.sha}`)
    .map((e) => e.path!);
}
