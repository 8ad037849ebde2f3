import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import { FILE_MODES, readRecursiveTree } from "../github/read-recursive-tree.ts";

/**
 * The bytes of the regular files at `paths` in commit `sha`, read as data through the API (a
 * recursive tree, then each blob); a path that is not a regular file there is left out, and
 * one over `maxBytes` gets its first `maxBytes + 1` bytes unread: an empty buffer of that size.
 */
export async function readFilesAtCommit(
  github: GithubClient,
  context: GithubContext,
  options: {
    sha: string;
    paths: readonly string[];
    maxBytes: number;
    signal?: AbortSignal | undefined;
  },
): Promise<Map<string, Buffer>> {
  const tree = await readRecursiveTree(github, context, options.sha, options.signal);
  if (tree.truncated)
    throw new Error(
      `The tree of ${options.sha.slice(0, 7)} is too large to list whole; cannot read ${options.paths.join(", ")}.`,
    );
  const out = new Map<string, Buffer>();
  const entries = new Map(tree.tree.map((e) => [e.path, e]));
  for (const path of options.paths) {
    const entry = entries.get(path);
    if (entry?.sha === undefined || !FILE_MODES.has(entry.mode ?? "")) continue;
    if ((entry.size ?? 0) > options.maxBytes) {
      out.set(path, Buffer.alloc(options.maxBytes + 1));
      continue;
    }
    const { data } = await github.request("GET /repos/{owner}/{repo}/git/blobs/{file_sha}", {
      owner: context.owner,
      repo: context.repo,
      file_sha: entry.sha,
      request: { signal: options.signal },
    });
    const blob = data as { content?: string; encoding?: string };
    out.set(path, Buffer.from(blob.content ?? "", blob.encoding === "base64" ? "base64" : "utf8"));
  }
  return out;
}
