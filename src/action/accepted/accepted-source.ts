import type { GithubContext } from "../github/read-github-context.ts";

/**
 * Where the accepted file that counts is read (issue 32): the workspace (the PR head's
 * checkout, so that a PR carries its own acceptance, reviewed as code), or, wherever the head is
 * not trusted (`pull_request_target`, a fork's pull request), the base branch's commit only: a
 * fork cannot accept its own findings. `sha` is undefined when the event names no base.
 */
export type AcceptedSource =
  | { readonly kind: "workspace" }
  | { readonly kind: "base"; readonly sha: string | undefined };

export function acceptedSource(context: GithubContext): AcceptedSource {
  const pr = context.pullRequest;
  const untrusted = context.eventName === "pull_request_target" || pr?.isFork === true;
  return untrusted ? { kind: "base", sha: pr?.baseSha } : { kind: "workspace" };
}
