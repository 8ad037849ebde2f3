import { describeError } from "../../shared/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { PlannedComment } from "./planned-comments.ts";
import type { OwnComments } from "./read-own-comments.ts";
import { setThreadResolved } from "./review-threads.ts";

/**
 * The threads (node ids) of comments just posted whose every finding is accepted (issue 32):
 * `own` is the Action's comments read again after posting, with their threads.
 */
export function acceptedPostThreads(posted: readonly PlannedComment[], own: OwnComments): string[] {
  const accepted = posted.filter((c) => c.accepted);
  const out: string[] = [];
  for (const comment of own.comments) {
    if (!accepted.some((c) => c.fields === comment.fields && c.path === comment.path)) continue;
    const thread = own.threads.get(comment.id);
    if (thread?.isResolved === false) out.push(thread.id);
  }
  return out;
}

/**
 * Resolves the threads of the comments just posted whose every finding is accepted, reading
 * the Action's comments again (`readAgain`) to learn their threads. The first refusal ends it.
 */
export async function resolveAcceptedPosts(
  github: GithubClient,
  posted: readonly PlannedComment[],
  readAgain: () => Promise<OwnComments>,
): Promise<{ resolved: number; refused: string | undefined }> {
  if (!posted.some((c) => c.accepted)) return { resolved: 0, refused: undefined };
  let resolved = 0;
  for (const thread of acceptedPostThreads(posted, await readAgain())) {
    try {
      await setThreadResolved(github, thread, true);
      resolved += 1;
    } catch (error) {
      return {
        resolved,
        refused: `GitHub refused to resolve the thread of an accepted finding (${describeError(error)}); the comment says it is accepted.`,
      };
    }
  }
  return { resolved, refused: undefined };
}
