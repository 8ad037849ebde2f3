import type { GithubClient } from "./create-github-client.ts";
import type { GithubContext } from "./read-github-context.ts";

/** One entry of a Git tree as GitHub lists it (blob, tree or commit). */
export interface GitTreeEntry {
  readonly path?: string;
  readonly mode?: string;
  readonly type?: string;
  readonly sha?: string;
  readonly size?: number;
}

/** A commit's whole tree; `truncated` when GitHub cut it short (past 100,000 entries or 7 MB). */
export interface GitTree {
  readonly truncated: boolean;
  readonly tree: readonly GitTreeEntry[];
}

/** Git tree modes of a regular file (plain or executable); `120000` is a link, `160000` a submodule. */
export const FILE_MODES: ReadonlySet<string> = new Set(["100644", "100755"]);
export const SYMLINK_MODE = "120000";

/**
 * The recursive tree of `sha` (a commit, tree or branch name) through GitHub's Git trees API.
 * Callers decide what a `truncated` tree means for them: it never lists everything.
 */
export async function readRecursiveTree(
  github: GithubClient,
  context: GithubContext,
  sha: string,
  signal?: AbortSignal,
): Promise<GitTree> {
  const { data } = await github.rest.git.getTree({
    owner: context.owner,
    repo: context.repo,
    tree_sha: sha,
    recursive: "true",
    request: { signal },
  });
  return data as GitTree;
}
