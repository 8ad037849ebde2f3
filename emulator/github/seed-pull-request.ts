import { createHash } from "node:crypto";
import { gitBlobSha } from "./git-history.ts";
import type { PullRequestFile } from "./github-model.ts";
import type { GithubState } from "./github-state.ts";

/**
 * Seeds pull request `number` with `files` at a new head (the `head`-th seeded): a file's blob
 * sha is the one given, else that of its content, else one of its own for this head.
 */
export function seedPullRequest(
  state: GithubState,
  number: number,
  files: readonly PullRequestFile[],
  head: number,
): void {
  // The latest seed of a number wins: files as given now, not derived from commits.
  state.pullRequests.delete(number);
  state.pulls.set(number, {
    repository: undefined,
    files: files.map((f) => ({
      ...f,
      sha:
        f.sha ??
        (f.content !== undefined
          ? gitBlobSha(f.content)
          : createHash("sha1").update(`head ${head} ${f.filename}`).digest("hex")),
    })),
  });
}
