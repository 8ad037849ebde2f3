import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";

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
  const { data: tree } = await github.rest.git.getTree({
    owner: context.owner,
    repo: context.repo,
    tree_sha: options.sha,
    recursive: "true",
    request: { signal: options.signal },
  });
  if (tree.truncated)
    throw new Error(
      `The tree of ${options.sha.slice(0, 7)} is too large to list whole; cannot read ${options.paths.join(", ")}.`,
    );
  const out = new Map<string, Buffer>();
  for (const path of options.paths) {
    const entry = tree.tree.find((e) => e.path === path);
    if (entry?.sha === undefined || !["100644", "100755"].includes(entry.mode ?? "")) continue;
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
